"""Pixels to labels: capture, board geometry, locating, classifying, template packs.

It knows labels, not game rules, and imports nothing of this repository.
"""
