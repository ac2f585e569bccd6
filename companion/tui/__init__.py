"""The Textual front end: ``make_app()`` builds the app the CLI runs and the tests drive."""
