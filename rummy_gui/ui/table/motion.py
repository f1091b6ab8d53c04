"""What is moving on the table: cards flying to their new places, dropped
cards flying home, and the clock of the little animations (a state part of
the table: only this class changes its fields)."""

from __future__ import annotations

from rummy_gui.ui.table.geometry import Flight


class Motion:
    def __init__(self) -> None:
        self.flights: list[Flight] = []  # cards of a played move, to their new places
        self.returning: list[Flight] = []  # cards of a refused drop, home again
        self.clock = 0.0  # seconds the table has been open (the dots, the pulse)

    def fly(self, flights: list[Flight]) -> None:
        self.flights = [f for f in self.flights if not f.done]
        self.flights.extend(flights)

    def deal(self, flights: list[Flight]) -> None:
        """A new deal: its cards' flights take the place of any still under way."""
        self.flights = list(flights)

    def fly_home(self, flight: Flight) -> None:
        self.returning.append(flight)

    def tick(self, dt: float) -> None:
        self.clock += dt
        for f in self.flights:
            f.t += dt
        self.flights = [f for f in self.flights if not f.done]
        for f in self.returning:
            f.t += dt
        self.returning = [f for f in self.returning if not f.done]
