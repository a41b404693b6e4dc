//! The pass banner: "White has no move - pass" in the middle of the screen, one pass at a
//! time, for as long as the board waits for it.

use bevy::prelude::*;

use crate::board::discs::pass_banner_secs;
use crate::i18n::{Msg, Tr};
use crate::rules::{BoardReset, DiscTakenBack, TurnPassed};
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::state::animation::BoardAnimation;
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BannerQueue>()
        .add_systems(Startup, spawn_banner)
        // After the discs' motion, which puts the banner's time at the end of the board's
        // busy time: before it the banner would be timed to end with the flips.
        .add_systems(
            Update,
            show_banner
                .after(crate::board::discs::DiscMotion)
                .in_set(GameSet::Presentation),
        );
}

#[derive(Component)]
pub struct PassBanner;

#[derive(Component)]
struct PassBannerText;

/// Passes waiting to be shown: (text, show from, show until) in `Time` seconds.
#[derive(Resource, Default)]
struct BannerQueue(Vec<(Msg, f64, f64)>);

fn spawn_banner(mut commands: Commands) {
    commands.spawn((
        PassBanner,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            top: percent(42),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Visibility::Hidden,
        Pickable::IGNORE,
        children![(
            Node {
                padding: UiRect::axes(px(36), px(16)),
                border_radius: BorderRadius::all(px(14)),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            children![(
                PassBannerText,
                Tr(Msg::verbatim("")),
                TextFont::from_font_size(34.0),
                TextColor(palette::ACCENT)
            )],
        )],
    ));
}

fn show_banner(
    mut passed: MessageReader<TurnPassed>,
    mut resets: MessageReader<BoardReset>,
    mut taken_back: MessageReader<DiscTakenBack>,
    mut queue: ResMut<BannerQueue>,
    animation: Res<BoardAnimation>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut banner: Query<&mut Visibility, With<PassBanner>>,
    mut text: Query<&mut Tr, With<PassBannerText>>,
) {
    let now = time.elapsed_secs_f64();
    // An undo or a new position drops the passes still waiting to be announced.
    if resets.read().count() + taken_back.read().count() > 0 {
        queue.0.clear();
    }
    for p in passed.read() {
        // The board's busy time already includes this banner at its end.
        let secs = pass_banner_secs(settings.animation.factor());
        let until = animation.busy_until.max(now);
        let name = palette::side_name(settings.colors, p.color);
        queue.0.push((
            Msg::new("pass-banner").arg("side", name),
            until - secs,
            until,
        ));
    }
    queue.0.retain(|(_, _, until)| *until > now);
    let current = queue
        .0
        .iter()
        .find(|(_, from, until)| *from <= now && now < *until);
    if let Ok(mut vis) = banner.single_mut() {
        *vis = if current.is_some() {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
    }
    if let (Some((msg, _, _)), Ok(mut t)) = (current, text.single_mut()) {
        t.set_if_neq(Tr(msg.clone()));
    }
}
