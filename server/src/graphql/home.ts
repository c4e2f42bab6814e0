// Filled in by the home feature.
