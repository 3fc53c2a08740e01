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
    /// 0.5 for a draw (both unfinished). Glicko-2 (the `skillratings` crate), with one
    /// game as the rating period: a challenge is rated the moment it ends.
    pub fn after(self, opponent: Rating, score: f64) -> Rating {
        use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
        let outcome = if score > 0.5 {
            skillratings::Outcomes::WIN
        } else if score < 0.5 {
            skillratings::Outcomes::LOSS
        } else {
            skillratings::Outcomes::DRAW
        };
        let rating = |r: Rating| Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        };
        let config = Glicko2Config {
            tau: TAU,
            ..Glicko2Config::new()
        };
        let (new, _) = glicko2(&rating(self), &rating(opponent), &outcome, &config);
        Rating {
            rating: new.rating,
            // Against a very uncertain opponent one game can widen the deviation a
            // little; never beyond a new player's.
            deviation: new.deviation.min(350.0),
            volatility: new.volatility,
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

    /// Glickman's worked example (its first game, as a rating period of its own): the
    /// figures computed independently from the paper's steps (glicko2.pdf, steps 1–8).
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
        let close = |got: Rating, (rating, deviation, volatility): (f64, f64, f64)| {
            assert!(
                (got.rating - rating).abs() < 1e-3
                    && (got.deviation - deviation).abs() < 1e-3
                    && (got.volatility - volatility).abs() < 1e-6,
                "{got:?}, expected {rating} ± {deviation}, {volatility}"
            );
        };
        close(ann.after(bob, 1.0), (1563.5642, 175.4027, 0.0599987));
        close(ann.after(bob, 0.0), (1387.2576, 175.4027, 0.0600009));
        // Two new players drawing: the rating stays, the deviation narrows.
        close(
            Rating::default().after(Rating::default(), 0.5),
            (1500.0, 290.3190, 0.0599990),
        );
    }
}
