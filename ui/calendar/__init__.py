"""The calendar panel's parts that are not the agenda itself: planned blocks and scheduling."""
