"""The Qt desktop inspector: a thin layer over :mod:`inspector.core`.

Every verdict, projection and write comes from the core; the GUI only shows
and asks."""
