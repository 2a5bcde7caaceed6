"""Each family's spec vocabulary, the part its loader and its declared schema share."""
