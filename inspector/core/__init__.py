"""The Qt-free core of Aleth Inspector: reading, verifying and writing alethech
stores and sealed ``.aleth`` files.  Usable as a library by agent runtimes."""
