"""The Flask app served to the table and to the players' phones."""
