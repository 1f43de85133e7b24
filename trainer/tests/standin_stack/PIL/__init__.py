"""Stand-in pillow: an "image" file holds the number of visual tokens it becomes; anything else cannot be read."""
