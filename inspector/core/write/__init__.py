"""Writing: building and signing objects, the MutMem writer, authoring
operations and the safe file writer."""
