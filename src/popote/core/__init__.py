"""The engine core: knows the contract and the shared mechanics, never a particular game."""
