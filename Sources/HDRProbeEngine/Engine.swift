// Engine placeholder
