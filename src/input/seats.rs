//! Who holds which device in a two-player game. While the new-game menu invites it, pressing
//! any button on a gamepad nobody holds claims it for the next free player (Select gives it
//! back); once one player has a pad, the keyboard belongs to the other. Unclaimed devices,
//! and the mouse, are shared: they act for whoever is to move.

use crate::rules::NewGameRequest;
use crate::schedule::GameSet;
use crate::state::devices::{Device, Seats};
use bevy::input::gamepad::GamepadConnectionEvent;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (forget_lost_pads, join_and_leave)
            .chain()
            .in_set(GameSet::Input),
    );
}

/// A pad unplugged while the new-game menu hands out the seats gives its seat back there, and
/// one still unplugged when a new game starts gives it back then. During a game it keeps
/// its seat (so does merely opening the menu and going back): a pad's battery or radio
/// dropping out for a moment must not make it a shared pad (able to play for the other
/// person) when it comes back, which it does as the same entity, nor hand the keyboard to
/// someone else. A pad whose entity is gone for good gives its seat back at once.
fn forget_lost_pads(
    mut seats: ResMut<Seats>,
    pads: Query<Has<Gamepad>>,
    mut connections: MessageReader<GamepadConnectionEvent>,
    mut new_games: MessageReader<NewGameRequest>,
) {
    let unplugged_now: Vec<Entity> = connections
        .read()
        .filter(|c| c.disconnected())
        .map(|c| c.gamepad)
        .collect();
    let starting = new_games.read().count() > 0;
    let joining = seats.joining;
    let lost: Vec<usize> = (0..2)
        .filter(|i| {
            seats.pads[*i].is_some_and(|p| match pads.get(p) {
                Ok(connected) => {
                    !connected && (starting || (joining && unplugged_now.contains(&p)))
                }
                Err(_) => true,
            })
        })
        .collect();
    for i in lost {
        seats.pads[i] = None;
    }
}

fn join_and_leave(mut seats: ResMut<Seats>, pads: Query<(Entity, &Gamepad)>) {
    if !seats.just_joined.is_empty() {
        seats.just_joined.clear();
    }
    if !seats.joining {
        return;
    }
    for (entity, pad) in &pads {
        let seated = seats.pads.contains(&Some(entity));
        if seated && pad.just_pressed(GamepadButton::Select) {
            let i = seats.person_of(Device::Pad(entity)).unwrap_or(0);
            seats.pads[i] = None;
            seats.just_joined.push(entity); // the press is used up, like a join
        } else if !seated
            && pad.get_just_pressed().next().is_some()
            && let Some(free) = seats.pads.iter().position(Option::is_none)
        {
            seats.pads[free] = Some(entity);
            seats.just_joined.push(entity);
        }
    }
}
