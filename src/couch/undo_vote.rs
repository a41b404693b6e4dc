//! Taking a move back in a two-player game needs both players, as at a table: an undo asks
//! (`UndoAsk`), the game pauses on a prompt (`Menu::UndoVote`), and the other player agrees
//! or refuses (`UndoAnswer`). Against the computer an undo happens at once.

use bevy::prelude::*;
use reversi_engine::Color as Side;

use crate::rules::{Match, Player, UndoRequest};
use crate::schedule::GameSet;
use crate::state::devices::{Device, Seats};
use crate::state::menu::Menu;
use crate::state::series::Series;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UndoVote>()
        .add_message::<UndoAsk>()
        .add_message::<UndoAnswer>()
        .add_systems(
            Update,
            (
                open_votes,
                answer_keys.run_if(in_state(Menu::UndoVote)),
                count_answers,
            )
                .chain()
                .in_set(GameSet::Input),
        )
        .add_systems(OnExit(Menu::UndoVote), |mut vote: ResMut<UndoVote>| {
            vote.asked = None;
        });
}

/// Input → vote: a player asks to take back the last move. `by` is the side whose own
/// device asked; a shared device (the mouse, or the keyboard both use) asks for nobody in
/// particular.
#[derive(Message, Copy, Clone, Debug, Default)]
pub struct UndoAsk {
    pub by: Option<Side>,
}

/// Input → vote: a player's answer to the question on screen.
#[derive(Message, Copy, Clone, Debug)]
pub struct UndoAnswer {
    pub agree: bool,
    pub by: Option<Side>,
}

/// The question on screen, if any.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct UndoVote {
    pub asked: Option<Asked>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asked {
    /// The side that asked, when its device said so.
    pub by: Option<Side>,
    /// The asker tried to agree with themselves: the prompt says who has to answer.
    pub own_answer: bool,
}

fn open_votes(
    mut asks: MessageReader<UndoAsk>,
    state: Res<Match>,
    mut vote: ResMut<UndoVote>,
    mut undo: MessageWriter<UndoRequest>,
    menu: Res<State<Menu>>,
    mut next: ResMut<NextState<Menu>>,
) {
    // An ask whose prompt never opened (Esc or a pad's Start in the same frame sent the game
    // to the pause menu instead) is dropped: left standing, it refused every later ask.
    let prompt_coming = matches!(
        *next,
        NextState::Pending(Menu::UndoVote) | NextState::PendingIfNeq(Menu::UndoVote)
    );
    if vote.asked.is_some() && *menu.get() != Menu::UndoVote && !prompt_coming {
        vote.asked = None;
    }
    let Some(ask) = asks.read().last() else {
        return;
    };
    let two_people = state.setup.players == [Player::Human; 2];
    if !two_people || state.reviewing {
        undo.write(UndoRequest);
    } else if state.game.ply() > 0 && vote.asked.is_none() && *menu.get() == Menu::None {
        vote.asked = Some(Asked {
            by: ask.by,
            own_answer: false,
        });
        next.set(Menu::UndoVote);
    }
}

/// Y agrees and N refuses, for the keyboard's holder.
fn answer_keys(
    keys: Res<ButtonInput<KeyCode>>,
    state: Res<Match>,
    seats: Res<Seats>,
    series: Res<Series>,
    mut out: MessageWriter<UndoAnswer>,
) {
    let by = seats.side_of(Device::Keyboard, &state, &series);
    if keys.just_pressed(KeyCode::KeyY) {
        out.write(UndoAnswer { agree: true, by });
    } else if keys.just_pressed(KeyCode::KeyN) {
        out.write(UndoAnswer { agree: false, by });
    }
}

fn count_answers(
    mut answers: MessageReader<UndoAnswer>,
    mut vote: ResMut<UndoVote>,
    mut undo: MessageWriter<UndoRequest>,
    mut next: ResMut<NextState<Menu>>,
) {
    for answer in answers.read() {
        let Some(asked) = vote.asked.as_mut() else {
            continue;
        };
        // One player alone cannot take a move back. When the asker's own device asked, the
        // other player has a device of their own too (their pad, or the keyboard beside one
        // claimed pad), so only that device agrees: the shared mouse would let the asker
        // agree with themselves.
        if let Some(asker) = asked.by
            && answer.agree
            && answer.by != Some(!asker)
        {
            asked.own_answer = true;
            continue;
        }
        if answer.agree {
            undo.write(UndoRequest);
        }
        vote.asked = None;
        next.set(Menu::None);
        break;
    }
}
