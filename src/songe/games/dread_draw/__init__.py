"""Dread Draw: an incomplete text run on user card lists, behind the one game interface; policies, gaps."""
