"""The pure scoring engine: no file I/O, no HTML. Import submodules directly."""
