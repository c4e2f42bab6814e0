// Filled in by the cart feature.
