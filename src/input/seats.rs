//! Who holds which device in a two-player game. While the new-game menu invites it, pressing
//! any button on a gamepad nobody holds claims it for the next free player (Select gives it
//! back); once one player has a pad, the keyboard belongs to the other. Unclaimed devices,
//! and the mouse, are shared: they act for whoever is to move.

use bevy::prelude::*;
use reversi_engine::Color as Side;

use crate::GameSet;
use crate::couch::series::Series;
use crate::rules::{Match, Player};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Seats>().add_systems(
        Update,
        (forget_lost_pads, join_and_leave)
            .chain()
            .in_set(GameSet::Input),
    );
}

/// An input device a person can hold.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Device {
    /// Always shared: it acts for whoever is to move.
    Mouse,
    Keyboard,
    Pad(Entity),
}

/// The gamepad each of the two people holds (indexed by person: player 1, player 2).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Seats {
    pub pads: [Option<Entity>; 2],
    /// Set by the new-game menu while two-player mode is chosen: a press on an unclaimed pad
    /// then claims it instead of doing anything else.
    pub joining: bool,
    /// Pads that joined this frame; their press is used up.
    pub just_joined: Vec<Entity>,
}

impl Seats {
    /// The person (0 or 1) who holds `device`, if anyone does.
    pub fn person_of(&self, device: Device) -> Option<usize> {
        match device {
            Device::Mouse => None,
            Device::Pad(pad) => self.pads.iter().position(|p| *p == Some(pad)),
            Device::Keyboard => match self.pads {
                [Some(_), None] => Some(1),
                [None, Some(_)] => Some(0),
                _ => None,
            },
        }
    }

    /// The side `device` plays in this game: only two-player games have owned devices.
    pub fn side_of(&self, device: Device, state: &Match, series: &Series) -> Option<Side> {
        if state.setup.players != [Player::Human, Player::Human] {
            return None;
        }
        self.person_of(device)
            .map(|person| series.side_of_person(person))
    }

    /// The pad a side's player holds in a two-player game.
    pub fn pad_of(&self, side: Side, state: &Match, series: &Series) -> Option<Entity> {
        self.pads
            .into_iter()
            .flatten()
            .find(|pad| self.side_of(Device::Pad(*pad), state, series) == Some(side))
    }

    /// How the new-game menu names a person's device.
    pub fn describe(&self, person: usize, pads: &[Entity]) -> String {
        let pad_number = |e: Entity| pads.iter().position(|p| *p == e).map(|i| i + 1);
        match self.pads[person] {
            Some(pad) => match pad_number(pad) {
                Some(n) => format!("gamepad {n}"),
                None => "a gamepad".into(),
            },
            None if self.person_of(Device::Keyboard) == Some(person) => "the keyboard".into(),
            None => "the shared keyboard & mouse".into(),
        }
    }
}

/// A pad that was unplugged gives its seat back.
fn forget_lost_pads(mut seats: ResMut<Seats>, pads: Query<(), With<Gamepad>>) {
    let lost: Vec<usize> = (0..2)
        .filter(|i| seats.pads[*i].is_some_and(|p| !pads.contains(p)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keyboard_goes_to_whoever_has_no_pad() {
        let pad = Entity::from_raw_u32(7).unwrap();
        let other = Entity::from_raw_u32(8).unwrap();
        let mut seats = Seats::default();
        assert_eq!(seats.person_of(Device::Keyboard), None);
        seats.pads[0] = Some(pad);
        assert_eq!(seats.person_of(Device::Keyboard), Some(1));
        assert_eq!(seats.person_of(Device::Pad(pad)), Some(0));
        assert_eq!(seats.person_of(Device::Pad(other)), None);
        seats.pads[1] = Some(other);
        assert_eq!(seats.person_of(Device::Keyboard), None);
        assert_eq!(seats.describe(1, &[pad, other]), "gamepad 2");
    }
}
