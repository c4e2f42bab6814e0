// Filled in by the admin feature.
