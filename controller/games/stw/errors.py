"""The one exception the engine raises: an action the rules do not allow, with a stable reason code.

Every ruleset raises the same exception, so it is defined at the ruleset boundary (controller/seam.py).
"""
from controller.seam import Illegal as Illegal
