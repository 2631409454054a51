"""The spec layer: what spec/ says, as code (the action notation).  It imports the engine
and nothing above it."""
