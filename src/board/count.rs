//! The count at the end of a game: once the last flips have landed, the discs rise one by one,
//! Black's and then White's, each with a tick and the running totals on screen; then the
//! loser's discs settle and the winner's stay raised while the result shows. A click or a key
//! finishes the count at once; at the instant animation speed there is none. The discs move
//! to the heights [`EndCount::lift`] gives them with the rest of the board's easing
//! (`markers`), so a count that is cut short by an undo or a new game simply lets them down.

use bevy::prelude::*;
use reversi_engine::grid::{Cell, GridMove, GridPosition, squares};
use reversi_engine::{Color as Side, Status};

use crate::rules::Match;
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::state::animation::BoardAnimation;
use crate::state::devices::Presses;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EndCount>()
        .add_message::<DiscCounted>()
        .add_systems(
            Update,
            (start_count, run_count)
                .chain()
                .after(super::discs::DiscMotion)
                .in_set(GameSet::Presentation),
        );
}

/// How high a counted disc rises, and how high the winner's stay (less than the height at
/// which a disc no longer reads as lying on its square).
const COUNT_LIFT: f32 = 0.12;
/// Seconds between two counted discs at normal speed, and the longest a count may take (a
/// full board counts faster).
const COUNT_STEP_SECS: f32 = 0.07;
const COUNT_MAX_SECS: f32 = 3.0;
/// Time for the loser's discs to settle after the last is counted.
const SETTLE_SECS: f32 = 0.35;

/// Fact: one more disc was counted; `totals` are the running counts (Black, White).
#[derive(Message, Copy, Clone, Debug)]
pub struct DiscCounted {
    pub side: Side,
    pub totals: [u8; 2],
    /// The count is complete with this one.
    pub last: bool,
}

/// The count of the finished game, while it runs and after.
#[derive(Resource, Default, Debug)]
pub struct EndCount {
    /// The game (the match's generation) this count belongs to.
    generation: Option<u64>,
    order: Vec<(Cell, Side)>,
    started: f64,
    step: f32,
    counted: usize,
    winner: Option<Side>,
    /// The last finished game counted (its start and moves): the same game finished again
    /// (a review's Done, back from a branch, How to play closed) shows its result at once
    /// instead of counting again, which once played the whole count under the pause menu.
    last_counted: Option<(GridPosition, Vec<GridMove>)>,
}

impl EndCount {
    /// Whether the result of game `generation` may show: its count is done, or there is none
    /// at this animation speed (`factor` 0).
    pub fn result_may_show(&self, generation: u64, factor: f32) -> bool {
        factor == 0.0 || (self.generation == Some(generation) && !self.running())
    }

    /// Whether discs are still being counted.
    pub fn running(&self) -> bool {
        self.generation.is_some() && self.counted < self.order.len()
    }

    /// The running totals (Black, White).
    pub fn totals(&self) -> [u8; 2] {
        if self.generation.is_none() {
            return [0, 0];
        }
        let mut totals = [0u8; 2];
        for (_, side) in &self.order[..self.counted] {
            totals[side.index()] += 1;
        }
        totals
    }

    /// How far above its resting place the disc on `square` should be: counted discs are
    /// up while the count runs; once it is over only the winner's stay up.
    pub fn lift(&self, square: Cell) -> f32 {
        let Some(i) = self.order.iter().position(|(sq, _)| *sq == square) else {
            return 0.0;
        };
        let side = self.order[i].1;
        if self.running() {
            if i < self.counted { COUNT_LIFT } else { 0.0 }
        } else if self.winner == Some(side) {
            COUNT_LIFT
        } else {
            0.0
        }
    }
}

fn start_count(
    state: Res<Match>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut animation: ResMut<BoardAnimation>,
    mut count: ResMut<EndCount>,
) {
    let over = matches!(state.status(), Status::Over(_)) && !state.reviewing;
    if count.generation.is_some() && (count.generation != Some(state.generation) || !over) {
        // The game went on (an undo, a review, a new game): the raised discs lie down again.
        *count = EndCount {
            last_counted: count.last_counted.take(),
            ..EndCount::default()
        };
    }
    let factor = settings.animation.factor();
    let Some(finished) = state.result() else {
        return;
    };
    if !over || count.generation.is_some() || animation.is_busy(&time) || factor == 0.0 {
        return;
    }
    let pos = state.game.current();
    let order: Vec<(Cell, Side)> = Side::BOTH
        .into_iter()
        .flat_map(|side| squares(pos.size(), pos.discs(side)).map(move |sq| (sq, side)))
        .collect();
    let step = (COUNT_STEP_SECS * factor).min(COUNT_MAX_SECS * factor / order.len().max(1) as f32);
    let now = time.elapsed_secs_f64();
    let game = (*state.game.start(), state.game.moves().to_vec());
    let counted_before = count.last_counted.as_ref() == Some(&game);
    if !counted_before {
        animation.extend(now, step * order.len() as f32 + SETTLE_SECS * factor);
    }
    *count = EndCount {
        generation: Some(state.generation),
        counted: if counted_before { order.len() } else { 0 },
        order,
        started: now,
        step,
        // The winner's discs stay raised: in a komi game, the winner with the komi counted.
        winner: finished.winner,
        last_counted: Some(game),
    };
}

fn run_count(
    mut count: ResMut<EndCount>,
    settings: Res<Settings>,
    time: Res<Time>,
    presses: Presses,
    mut animation: ResMut<BoardAnimation>,
    mut counted: MessageWriter<DiscCounted>,
) {
    if !count.running() {
        return;
    }
    let now = time.elapsed_secs_f64();
    // A press that began the count's first frame came before it.
    let skip = now > count.started && presses.any();
    let due = if skip {
        count.order.len()
    } else {
        let elapsed = (now - count.started) as f32;
        ((elapsed / count.step) as usize + 1).min(count.order.len())
    };
    let mut totals = count.totals();
    for i in count.counted..due {
        let side = count.order[i].1;
        totals[side.index()] += 1;
        counted.write(DiscCounted {
            side,
            totals,
            last: i + 1 == count.order.len(),
        });
    }
    count.counted = due;
    if skip {
        animation.busy_until = now;
    } else if due == count.order.len() {
        // Time for the loser's discs to settle before the result shows.
        animation.extend(now, SETTLE_SECS * settings.animation.factor());
    }
}
