"""The app's screens: start, table and the flows the table opens."""
