"""Renderers of the games' screens in our own art: ``render(cells, ...)`` returns the picture
and its truth (:class:`kit.skins.common.Rendered`); :mod:`kit.skins.common` holds the drawing
helpers they share. Test tooling only: the installed package draws nothing."""
