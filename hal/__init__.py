"""The hardware seam: what the core reads from and writes to the board, whatever the board is.

``open_hardware(config)`` (``hal.backends``) returns a ``Hardware`` bundle of the six roles in
``hal.interfaces``; the data contracts are in ``hal.frames`` and ``hal.events``.
"""
