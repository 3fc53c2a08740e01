//! Rules of a race: a lobby players join, one start for all, and places in the order of
//! correct solves. A challenge is a race of two whose second player is named in advance.
//! Pure: the time is a value passed in, and the store keeps what these rules produce.

use crate::engine::{Grid, Tier};

use super::{Game, Millis, Status};

/// A race's row id; "Race #N" uses the per-server [`Race::number`] instead.
pub type RaceId = i64;

/// Most players in one race: the scoreboard keeps a line each within Discord's 2000
/// characters, with room to spare for long names.
pub const MAX_PLAYERS: usize = 20;
/// A lobby nobody starts closes after this.
pub const LOBBY_TTL_MS: Millis = 10 * 60 * 1000;
/// A race ends after this, with whoever has not finished marked unfinished.
pub const RACE_LIMIT_MS: Millis = 60 * 60 * 1000;
/// A racer's mistake that reaches this puts them out of the race.
///
/// Races check every digit as it is placed, so without a limit a racer could try 1 in
/// every empty cell, then 2, … and read the answer off the marks in nine commands. Three
/// is what Sudoku apps' duels use: a slip or two is forgiven, and guessing loses.
pub const MISTAKE_LIMIT: u32 = 3;

/// Applies the race's mistake limit to a racer's game after a move: a game that reached
/// [`MISTAKE_LIMIT`] ends (as a give-up, with no place). True when it ended now.
pub fn apply_mistake_limit(game: &mut Game, now: Millis) -> bool {
    game.status == Status::Active && game.mistakes >= MISTAKE_LIMIT && game.give_up(now).is_ok()
}

/// A racer put out by the mistake limit (rather than giving up).
pub fn is_out(game: &Game) -> bool {
    game.status == Status::GaveUp && game.mistakes >= MISTAKE_LIMIT
}

/// Cells a racer has filled correctly: what the scoreboard counts, so wrong digits
/// never look like progress.
pub fn correct_cells(game: &Game) -> usize {
    crate::engine::Cell::all()
        .filter(|&c| !game.is_given(c) && game.board.get(c).is_some() && !game.is_wrong(c))
        .count()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceStatus {
    /// Open for joining (a challenge: waiting for its opponent's answer).
    Lobby,
    Running,
    Finished,
    /// A lobby nobody started in time, or a challenge left unanswered.
    Expired,
    Declined,
    Cancelled,
}

impl RaceStatus {
    pub fn name(self) -> &'static str {
        match self {
            RaceStatus::Lobby => "lobby",
            RaceStatus::Running => "running",
            RaceStatus::Finished => "finished",
            RaceStatus::Expired => "expired",
            RaceStatus::Declined => "declined",
            RaceStatus::Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Option<RaceStatus> {
        [
            RaceStatus::Lobby,
            RaceStatus::Running,
            RaceStatus::Finished,
            RaceStatus::Expired,
            RaceStatus::Declined,
            RaceStatus::Cancelled,
        ]
        .into_iter()
        .find(|s| s.name() == text)
    }
}

/// One player of a race.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub player: String,
    pub joined_at: Millis,
    /// Their game, from the start on (its row id).
    pub game: Option<i64>,
    /// Place among those who solved it: 1 wins.
    pub rank: Option<u32>,
    /// A rated challenge's change of this player's rating, rounded ("+12").
    pub rating_change: Option<i64>,
    /// Solved faster than a person can ([`super::fair::human_floor`]): placed after
    /// every verified finisher, and the challenge goes unrated.
    pub unverified: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    pub number: i64,
    pub host: String,
    /// A challenge's opponent: the only player who may accept it.
    pub opponent: Option<String>,
    pub capacity: usize,
    /// The host chose the size: a full lobby starts by itself.
    pub autostart: bool,
    pub givens: Grid,
    pub solution: Grid,
    pub difficulty: Option<Tier>,
    pub status: RaceStatus,
    pub created_at: Millis,
    pub started_at: Option<Millis>,
    pub finished_at: Option<Millis>,
    /// Bumped by every change players can see, so a stale button acts at most once.
    pub version: u32,
    /// Only these players may join (a rematch: the same players again); `None`: anyone.
    pub invited: Option<Vec<String>>,
    /// In order of joining; the host first.
    pub entrants: Vec<Entrant>,
}

/// Why a player cannot do what they asked with a race. The messages say what to do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RaceError {
    #[error("you are already in this race")]
    AlreadyIn,
    #[error("this race has already started; open a new one with `/sudoku race`")]
    Started,
    #[error("this race is over ({0}); open a new one with `/sudoku race`")]
    Over(&'static str),
    #[error("this race is full ({0} players)")]
    Full(usize),
    #[error("only the host can start or cancel this race")]
    NotHost,
    #[error(
        "this challenge is for someone else; challenge a player yourself with `/sudoku challenge`"
    )]
    NotInvited,
    #[error(
        "this rematch is for the players of the last race; open a race of your own with `/sudoku race`"
    )]
    RematchOnly,
    #[error("a race needs at least 2 players; wait for someone to press Join")]
    TooFew,
    #[error("you are not in this race; join the next one with its Join button")]
    NotIn,
    #[error("you host this race, so you can't leave it; Cancel ends it for everyone")]
    HostLeaves,
}

impl Race {
    /// A new lobby with its host as the first entrant.
    #[allow(clippy::too_many_arguments)]
    pub fn open(
        number: i64,
        host: &str,
        opponent: Option<&str>,
        capacity: Option<usize>,
        givens: Grid,
        solution: Grid,
        difficulty: Option<Tier>,
        now: Millis,
    ) -> Race {
        let challenge = opponent.is_some();
        Race {
            number,
            host: host.to_string(),
            opponent: opponent.map(str::to_string),
            capacity: if challenge {
                2
            } else {
                capacity.unwrap_or(MAX_PLAYERS).clamp(2, MAX_PLAYERS)
            },
            autostart: challenge || capacity.is_some(),
            givens,
            solution,
            difficulty,
            status: RaceStatus::Lobby,
            created_at: now,
            started_at: None,
            finished_at: None,
            version: 0,
            invited: None,
            entrants: vec![Entrant {
                player: host.to_string(),
                joined_at: now,
                game: None,
                rank: None,
                rating_change: None,
                unverified: false,
            }],
        }
    }

    pub fn is_challenge(&self) -> bool {
        self.opponent.is_some()
    }

    pub fn entrant(&self, player: &str) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.player == player)
    }

    /// Why the race takes no more players, if it does not.
    fn open_for(&self, player: &str, now: Millis) -> Result<(), RaceError> {
        match self.status {
            RaceStatus::Lobby if self.lobby_expired(now) => Err(RaceError::Over("expired")),
            RaceStatus::Lobby => Ok(()),
            RaceStatus::Running if self.entrant(player).is_some() => Err(RaceError::AlreadyIn),
            RaceStatus::Running => Err(RaceError::Started),
            other => Err(RaceError::Over(other.name())),
        }
    }

    /// Why the lobby is closed to changes, if it is (a running race has started, for
    /// its own players too).
    fn in_lobby(&self, player: &str, now: Millis) -> Result<(), RaceError> {
        self.open_for(player, now).map_err(|e| match e {
            RaceError::AlreadyIn => RaceError::Started,
            other => other,
        })
    }

    /// Adds `player`; true when the lobby is now full and starts by itself.
    pub fn join(&mut self, player: &str, now: Millis) -> Result<bool, RaceError> {
        self.open_for(player, now)?;
        if let Some(opponent) = &self.opponent
            && opponent != player
        {
            return Err(RaceError::NotInvited);
        }
        if let Some(invited) = &self.invited
            && !invited.iter().any(|p| p == player)
        {
            return Err(RaceError::RematchOnly);
        }
        if self.entrant(player).is_some() {
            return Err(RaceError::AlreadyIn);
        }
        if self.entrants.len() >= self.capacity {
            return Err(RaceError::Full(self.capacity));
        }
        self.entrants.push(Entrant {
            player: player.to_string(),
            joined_at: now,
            game: None,
            rank: None,
            rating_change: None,
            unverified: false,
        });
        self.version += 1;
        Ok(self.autostart && self.entrants.len() == self.capacity)
    }

    /// Leaves the lobby. The host cannot: a lobby without its host could never start,
    /// and ending it for everyone is Cancel's job, said by its own button.
    pub fn leave(&mut self, player: &str, now: Millis) -> Result<(), RaceError> {
        self.in_lobby(player, now)?;
        if player == self.host {
            return Err(RaceError::HostLeaves);
        }
        let before = self.entrants.len();
        self.entrants.retain(|e| e.player != player);
        if self.entrants.len() == before {
            return Err(RaceError::NotIn);
        }
        self.version += 1;
        Ok(())
    }

    /// Whether `by` may start the race now.
    pub fn check_start(&self, by: &str, now: Millis) -> Result<(), RaceError> {
        self.in_lobby(by, now)?;
        if by != self.host {
            return Err(RaceError::NotHost);
        }
        if self.entrants.len() < 2 {
            return Err(RaceError::TooFew);
        }
        Ok(())
    }

    /// Starts the clock of everyone at once; the caller gives each entrant their game.
    pub fn start(&mut self, now: Millis) {
        self.status = RaceStatus::Running;
        self.started_at = Some(now);
        self.version += 1;
    }

    /// The host withdraws a lobby.
    pub fn cancel(&mut self, by: &str, now: Millis) -> Result<(), RaceError> {
        self.in_lobby(by, now)?;
        if by != self.host {
            return Err(RaceError::NotHost);
        }
        self.status = RaceStatus::Cancelled;
        self.finished_at = Some(now);
        self.version += 1;
        Ok(())
    }

    /// A challenge's opponent says no.
    pub fn decline(&mut self, by: &str, now: Millis) -> Result<(), RaceError> {
        self.open_for(by, now)?;
        if self.opponent.as_deref() != Some(by) {
            return Err(RaceError::NotInvited);
        }
        self.status = RaceStatus::Declined;
        self.finished_at = Some(now);
        self.version += 1;
        Ok(())
    }

    fn lobby_expired(&self, now: Millis) -> bool {
        now >= self.created_at.saturating_add(LOBBY_TTL_MS)
    }

    /// When the race changes by itself next: a lobby's expiry, a running race's limit.
    pub fn deadline(&self) -> Option<Millis> {
        match self.status {
            RaceStatus::Lobby => Some(self.created_at.saturating_add(LOBBY_TTL_MS)),
            RaceStatus::Running => self.started_at.map(|s| s.saturating_add(RACE_LIMIT_MS)),
            _ => None,
        }
    }

    /// Applies what time alone does: a lobby expires, a running race ends. True when the
    /// race changed; the caller then ends the games still running.
    pub fn tick(&mut self, now: Millis) -> bool {
        match self.deadline() {
            Some(at) if now >= at => {
                self.status = match self.status {
                    RaceStatus::Lobby => RaceStatus::Expired,
                    _ => RaceStatus::Finished,
                };
                self.finished_at = Some(at);
                self.version += 1;
                true
            }
            _ => false,
        }
    }

    /// Records that `player` solved it (`verified`: in a time a person could); their
    /// place. A verified finisher is placed after the verified ones before, and ahead of
    /// every unverified one, who move down a place; an unverified one goes last.
    pub fn finish(&mut self, player: &str, verified: bool) -> Option<u32> {
        let index = self.entrants.iter().position(|e| e.player == player)?;
        if self.entrants[index].rank.is_some() {
            return self.entrants[index].rank;
        }
        let ranked = |e: &&Entrant| e.rank.is_some();
        let next = if verified {
            1 + self
                .entrants
                .iter()
                .filter(ranked)
                .filter(|e| !e.unverified)
                .count() as u32
        } else {
            1 + self.entrants.iter().filter(ranked).count() as u32
        };
        if verified {
            for e in self.entrants.iter_mut().filter(|e| e.unverified) {
                e.rank = e.rank.map(|r| r + 1);
            }
        }
        let entrant = &mut self.entrants[index];
        entrant.rank = Some(next);
        entrant.unverified = !verified;
        self.version += 1;
        entrant.rank
    }

    /// Ends the race when no entrant is still playing (`games` gives each entrant's game).
    pub fn settle<'a>(
        &mut self,
        games: impl Fn(&Entrant) -> Option<&'a Game>,
        now: Millis,
    ) -> bool {
        if self.status != RaceStatus::Running {
            return false;
        }
        let playing = self
            .entrants
            .iter()
            .any(|e| games(e).is_some_and(|g| g.status == Status::Active));
        if playing {
            return false;
        }
        self.status = RaceStatus::Finished;
        self.finished_at = Some(now);
        self.version += 1;
        true
    }

    /// The winner, once someone has solved it.
    pub fn winner(&self) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.rank == Some(1))
    }
}

/// A player's standing, for the scoreboard: finishers by place, then those still playing
/// by cells filled correctly (then fewer mistakes), then those out or who gave up.
pub fn standings<'a>(
    race: &'a Race,
    games: impl Fn(&Entrant) -> Option<&'a Game>,
) -> Vec<(&'a Entrant, Option<&'a Game>)> {
    let mut rows: Vec<_> = race.entrants.iter().map(|e| (e, games(e))).collect();
    rows.sort_by_key(|(e, g)| {
        let gave_up = g.is_some_and(|g| g.status == Status::GaveUp);
        let filled = g.map_or(0, correct_cells);
        let mistakes = g.map_or(0, |g| g.mistakes);
        (
            e.rank.is_none(),
            e.rank.unwrap_or(0),
            gave_up,
            std::cmp::Reverse(filled),
            mistakes,
        )
    });
    rows
}

/// Whether nobody made a single move or note in the race: a challenge that ran out like
/// that was never played, so it is aborted rather than rated as a draw. A solve by
/// `/sudoku submit` (no move at all) is playing.
pub fn untouched<'a>(games: impl IntoIterator<Item = Option<&'a Game>>) -> bool {
    games.into_iter().all(|g| {
        // Not the version: ending the game at the time limit bumps it.
        g.is_none_or(|g| {
            g.status != Status::Solved
                && g.moves == 0
                && g.mistakes == 0
                && g.hints == 0
                && g.notes.iter().all(|&n| n == 0)
        })
    })
}

/// The fewest empty cells a challenge needs to be rated, and a race to count on the
/// race leaderboard: a puzzle of a few cells is over in seconds whoever plays, so it
/// measures nothing (six such challenges against a second account were a 1800 rating).
pub const MIN_RATED_EMPTY: usize = 30;

/// Rated challenges between the same two players within [`RATED_PAIR_WINDOW_MS`], at
/// most: more are played, unrated, so a friend's second account cannot feed a rating.
pub const RATED_PAIR_LIMIT: usize = 3;
pub const RATED_PAIR_WINDOW_MS: Millis = 24 * 60 * 60 * 1000;

/// Why a challenge is not rated, when it is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrated {
    /// Fewer than [`MIN_RATED_EMPTY`] empty cells.
    Small,
    /// [`RATED_PAIR_LIMIT`] rated games against this opponent already today.
    Pair,
    /// A result faster than a person can solve.
    Unverified,
    /// A player asked to be forgotten: no rating is written for them, nor against them.
    Forgotten,
}

/// Whether a challenge between these two is rated: `rated_before` is the number of rated
/// challenges between them in the last [`RATED_PAIR_WINDOW_MS`].
pub fn unrated(race: &Race, rated_before: usize) -> Option<Unrated> {
    if race.givens.empty_count() < MIN_RATED_EMPTY {
        Some(Unrated::Small)
    } else if race
        .entrants
        .iter()
        .any(|e| e.player.starts_with(FORGOTTEN))
    {
        Some(Unrated::Forgotten)
    } else if race.entrants.iter().any(|e| e.unverified) {
        Some(Unrated::Unverified)
    } else if rated_before >= RATED_PAIR_LIMIT {
        Some(Unrated::Pair)
    } else {
        None
    }
}

/// The prefix of the id a forgotten player's places are kept under.
pub const FORGOTTEN: &str = "(forgotten):";

/// A 1-v-1 rating (Glicko-2): a number, how sure it is, and how erratic the player is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    /// Glicko-2's start: 1500 ± 350, volatility 0.06.
    fn default() -> Self {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// The deviation from which a rating is provisional ([`Rating::is_provisional`]).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Glicko-2's scale factor between the displayed and the internal scale.
const GLICKO_SCALE: f64 = 173.7178;
/// How much volatility may change per game: Glickman suggests 0.3 to 1.2.
const TAU: f64 = 0.5;

impl Rating {
    /// A rating still too uncertain to mean much (shown with a `?`): the deviation a new
    /// player's 350 falls below after a handful of games. 110 is the line lichess uses
    /// for its provisional ratings, on the same Glicko scale.
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// The rating after one game against `opponent`: `score` 1 for a win, 0 for a loss,
    /// 0.5 for a draw (both unfinished). Glickman's Glicko-2 steps, with one game as the
    /// rating period: a challenge is rated the moment it ends.
    pub fn after(self, opponent: Rating, score: f64) -> Rating {
        let mu = (self.rating - 1500.0) / GLICKO_SCALE;
        let phi = self.deviation / GLICKO_SCALE;
        let mu_j = (opponent.rating - 1500.0) / GLICKO_SCALE;
        let phi_j = opponent.deviation / GLICKO_SCALE;
        let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI.powi(2))).sqrt();
        let expected = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
        let v = 1.0 / (g * g * expected * (1.0 - expected));
        let delta = v * g * (score - expected);
        // The new volatility: the root of f by the Illinois method (Glickman, step 5).
        let a = (self.volatility * self.volatility).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
        };
        let mut low = a;
        let mut high = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 && k < 100.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut f_low, mut f_high) = (f(low), f(high));
        for _ in 0..100 {
            if (high - low).abs() <= 1e-6 {
                break;
            }
            let c = low + (low - high) * f_low / (f_high - f_low);
            let f_c = f(c);
            if f_c * f_high <= 0.0 {
                low = high;
                f_low = f_high;
            } else {
                f_low /= 2.0;
            }
            high = c;
            f_high = f_c;
        }
        let volatility = (low / 2.0).exp();
        let phi_star = (phi * phi + volatility * volatility).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * g * (score - expected);
        Rating {
            rating: 1500.0 + GLICKO_SCALE * mu_new,
            deviation: (GLICKO_SCALE * phi_new).min(350.0),
            volatility,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Grid;

    fn lobby(capacity: Option<usize>) -> Race {
        Race::open(
            1,
            "ann",
            None,
            capacity,
            Grid::empty(),
            Grid::empty(),
            None,
            0,
        )
    }

    #[test]
    fn a_lobby_takes_each_player_once_and_starts_by_itself_when_full() {
        let mut race = lobby(Some(3));
        assert_eq!(race.join("ann", 1), Err(RaceError::AlreadyIn));
        assert_eq!(race.join("bob", 1), Ok(false));
        assert_eq!(race.join("bob", 2), Err(RaceError::AlreadyIn));
        assert_eq!(race.join("cat", 3), Ok(true));
        assert_eq!(race.join("dan", 3), Err(RaceError::Full(3)));
        race.start(4);
        assert_eq!(race.join("dan", 5), Err(RaceError::Started));
        assert_eq!(race.join("bob", 5), Err(RaceError::AlreadyIn));
    }

    #[test]
    fn only_the_host_starts_and_not_alone() {
        let mut race = lobby(None);
        assert_eq!(race.check_start("ann", 1), Err(RaceError::TooFew));
        race.join("bob", 1).unwrap();
        assert_eq!(race.check_start("bob", 1), Err(RaceError::NotHost));
        assert_eq!(race.check_start("ann", 1), Ok(()));
        assert_eq!(race.capacity, MAX_PLAYERS);
        assert_eq!(race.leave("ann", 1), Err(RaceError::HostLeaves));
        assert_eq!(
            race.status,
            RaceStatus::Lobby,
            "the host's Leave ends nothing"
        );
        assert_eq!(race.leave("bob", 1), Ok(()));
        assert_eq!(race.leave("bob", 1), Err(RaceError::NotIn));
    }

    #[test]
    fn a_lobby_expires_and_a_race_runs_out_of_time() {
        let mut race = lobby(None);
        assert!(!race.tick(LOBBY_TTL_MS - 1));
        assert_eq!(
            race.join("bob", LOBBY_TTL_MS),
            Err(RaceError::Over("expired"))
        );
        assert!(race.tick(LOBBY_TTL_MS));
        assert_eq!(race.status, RaceStatus::Expired);

        let mut race = lobby(None);
        race.join("bob", 1).unwrap();
        race.start(100);
        assert!(!race.tick(100 + RACE_LIMIT_MS - 1));
        assert!(race.tick(100 + RACE_LIMIT_MS));
        assert_eq!(race.status, RaceStatus::Finished);
        assert_eq!(race.finished_at, Some(100 + RACE_LIMIT_MS));
    }

    #[test]
    fn a_challenge_is_for_its_opponent_only() {
        let mut race = Race::open(
            1,
            "ann",
            Some("bob"),
            None,
            Grid::empty(),
            Grid::empty(),
            None,
            0,
        );
        assert_eq!(race.join("cat", 1), Err(RaceError::NotInvited));
        assert_eq!(race.decline("cat", 1), Err(RaceError::NotInvited));
        assert_eq!(race.join("bob", 1), Ok(true));
    }

    #[test]
    fn places_follow_the_order_of_solves() {
        let mut race = lobby(None);
        race.join("bob", 1).unwrap();
        race.join("cat", 1).unwrap();
        race.start(2);
        assert_eq!(race.finish("cat", true), Some(1));
        assert_eq!(race.finish("ann", true), Some(2));
        assert_eq!(
            race.finish("cat", true),
            Some(1),
            "a second solve keeps the place"
        );
        assert_eq!(race.winner().map(|e| e.player.as_str()), Some("cat"));
    }

    /// A solve faster than a person can goes after every verified one, even one that
    /// came later.
    #[test]
    fn an_unverified_solve_is_placed_after_every_verified_one() {
        let mut race = lobby(None);
        race.join("bob", 1).unwrap();
        race.join("cat", 1).unwrap();
        race.start(2);
        assert_eq!(race.finish("cat", false), Some(1));
        assert_eq!(race.finish("ann", true), Some(1));
        assert_eq!(race.entrant("cat").and_then(|e| e.rank), Some(2));
        assert_eq!(race.finish("bob", true), Some(2));
        assert_eq!(race.entrant("cat").and_then(|e| e.rank), Some(3));
        assert_eq!(race.winner().map(|e| e.player.as_str()), Some("ann"));
    }

    /// Glickman's worked example (one game of it): a win against a lower-rated,
    /// uncertain opponent raises the rating a little and narrows the deviation.
    #[test]
    fn ratings_move_towards_results() {
        let ann = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let bob = Rating {
            rating: 1400.0,
            deviation: 30.0,
            volatility: 0.06,
        };
        let won = ann.after(bob, 1.0);
        let lost = ann.after(bob, 0.0);
        assert!(won.rating > 1500.0 && won.rating < 1600.0, "{won:?}");
        assert!(lost.rating < 1500.0, "{lost:?}");
        assert!(won.deviation < 200.0);
        // Glickman's paper: against 1400 ± 30 alone, a win gives about 1563.6.
        assert!((won.rating - 1563.6).abs() < 2.0, "{won:?}");
    }
}
