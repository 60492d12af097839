"""The leaderboards in the admin. Boards and their history are read-only (the projection writes them);
the admins' decisions (seasons, policies, sanctions, voids) and rebuilds go through the services, each
behind its own Django permission, not merely ``is_staff``."""

from api.leaderboards.admin import boards, decisions, seasons

__all__ = ["boards", "decisions", "seasons"]
