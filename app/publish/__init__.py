"""The schedule in the person's own calendar app: scheduled blocks (and, if they wish,
open tasks' dues and steps' own times) published as VEVENTs to an iCalendar file Stepwise
keeps current, which any calendar app can subscribe to.

``items`` reads what to publish, ``ics`` writes it as iCalendar, ``store`` keeps the
targets and publishes to them, ``keeper`` publishes again after each change that moves
what they show. Stepwise never writes into a calendar it reads, and never reads its own
published calendar back as busy time (``app.calendar.sources`` refuses its file, and
``store.add_ics`` refuses a file it reads).
"""
