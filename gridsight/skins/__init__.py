"""The Disco Zoo rescue screen in our own art and the drawing helpers, still in the installed
package because the Disco Zoo reader reads that screen's text and sprites with them; every
other renderer is test tooling in ``tests/kit/`` (not installed), where these join them once
the reader no longer needs them."""
