"""What is specific to an operating system, to X11 or to SDL's internals."""
