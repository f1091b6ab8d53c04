"""Cards and sounds made by code, and the asset maker."""
