"""Reusable widgets: each takes its data as attributes and posts nested messages up."""
