// The table turned so that this person's seat is at the bottom. The server speaks in absolute
// seats (docs/friends.md); the solo table's drawing always puts "south" at the bottom, so a view
// and its events are turned before they are drawn: West's player sees their seat as "south",
// North (their partner in Picas) as "north" still, and the teams turn with the seats
// (north_south is always "us" on the page). Cards, directions ("left") and numbers stay.

const SEATS = ["south", "west", "north", "east"];
const TEAMS = ["north_south", "east_west"];

/** The turn of the table for `mine` (an absolute seat; null: a watcher, nothing turns). */
export function turner(mine) {
  const k = Math.max(0, SEATS.indexOf(mine));
  const odd = k % 2 === 1;
  const toPage = (seat) => SEATS[(SEATS.indexOf(seat) - k + 4) % 4];
  const toServer = (seat) => SEATS[(SEATS.indexOf(seat) + k) % 4];
  const team = (name) => (odd ? TEAMS[1 - TEAMS.indexOf(name)] : name);

  function word(value) {
    if (SEATS.includes(value)) return toPage(value);
    if (TEAMS.includes(value)) return team(value);
    return value;
  }

  function turn(value, key = null) {
    if (typeof value === "string") return word(value);
    if (Array.isArray(value)) {
      const out = value.map((item) => turn(item));
      // Spades' outcome totals are [north_south, east_west]: the two change places with the teams.
      if (odd && key === "totals" && out.length === 2 && out.every((n) => typeof n === "number")) out.reverse();
      return out;
    }
    if (value && typeof value === "object") {
      const out = {};
      for (const [name, item] of Object.entries(value)) out[word(name)] = turn(item, name);
      return out;
    }
    return value;
  }

  return { turn, toPage, toServer, mine: k === 0 ? "south" : mine };
}
