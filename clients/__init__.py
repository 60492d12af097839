"""Clients of Cliffside: code that uses the games or the service from outside (see each package)."""
