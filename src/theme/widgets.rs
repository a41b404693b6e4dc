//! UI building blocks as functions returning bundles: panels, headers, labels and buttons.
//! Their texts are messages (`Tr`), put into the player's language by `i18n`.
//! Buttons change colour on hover/press here; what they do is wired by the caller with
//! `.observe(|_: On<Activate>, ...| ...)`, which a click and a focused Enter both trigger.

use bevy::ecs::query::QueryFilter;
use bevy::picking::pointer::{PointerButton, PointerId};
use bevy::prelude::*;

use super::palette;
use crate::i18n::{Msg, Tr};
use crate::schedule::GameSet;
use crate::state::clicks::{MouseClick, UseClicks};
use crate::state::devices::Device;

/// The buttons' colours and their use by mouse and touch (public for the headless tests).
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        clicks_activate.in_set(GameSet::Input).in_set(UseClicks),
    )
    .add_systems(Update, button_colors)
    .add_observer(touch_activates);
}

/// A button was used: clicked, or Enter/Space/South pressed while it had the focus
/// (`theme::focus`). `by` tells which device, for the few answers that depend on who gave
/// them (agreeing to an undo).
#[derive(EntityEvent, Clone, Copy, Debug)]
pub struct Activate {
    pub entity: Entity,
    pub by: Device,
}

/// A left click (`state::clicks`, which keeps clicks inside one slow frame) on a button, its
/// label or its padding uses that button.
fn clicks_activate(
    mut clicks: MessageReader<MouseClick>,
    buttons: Query<(), With<Button>>,
    parents: Query<&ChildOf>,
    mut commands: Commands,
) {
    for click in clicks.read() {
        if click.button != PointerButton::Primary {
            continue;
        }
        if let Some(button) = button_holding(click.entity, &buttons, &parents) {
            commands.trigger(Activate {
                entity: button,
                by: Device::Mouse,
            });
        }
    }
}

/// The button that is or holds `entity` (a click on a button's label or padding is on the
/// button).
pub(crate) fn button_holding(
    entity: Entity,
    buttons: &Query<(), With<Button>>,
    parents: &Query<&ChildOf>,
) -> Option<Entity> {
    nearest_marked(entity, buttons, parents)
}

/// The nearest of `entity` and its ancestors that `marked` matches.
pub(crate) fn nearest_marked<F: QueryFilter>(
    entity: Entity,
    marked: &Query<(), F>,
    parents: &Query<&ChildOf>,
) -> Option<Entity> {
    std::iter::once(entity)
        .chain(parents.iter_ancestors(entity))
        .find(|e| marked.contains(*e))
}

/// A tap on a touch screen uses the button it lifts from (touch pointers hover nothing
/// between touches, so picking's `Click` is right for them).
fn touch_activates(
    click: On<Pointer<Click>>,
    buttons: Query<(), With<Button>>,
    mut commands: Commands,
) {
    if matches!(click.pointer_id, PointerId::Touch(_))
        && click.button == PointerButton::Primary
        && buttons.contains(click.event_target())
    {
        commands.trigger(Activate {
            entity: click.event_target(),
            by: Device::Mouse,
        });
    }
}

/// A full-screen transparent layer that centres its children.
pub fn overlay() -> impl Bundle {
    Node {
        position_type: PositionType::Absolute,
        width: percent(100),
        height: percent(100),
        align_items: AlignItems::Center,
        justify_content: JustifyContent::Center,
        ..default()
    }
}

/// A rounded dark panel stacking its children vertically.
pub fn panel() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(7),
            padding: UiRect::axes(px(22), px(16)),
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::all(px(14)),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        BorderColor::all(palette::PANEL_BORDER),
    )
}

/// A row of children with a gap.
pub fn row() -> impl Bundle {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        column_gap: px(8),
        ..default()
    }
}

/// A form's row: a `row_label` then its controls, across the panel's whole width and starting
/// at its left edge, so the labels of a menu's rows stand in one column and their controls
/// start at one x (a plain `row` is centred, for a row of buttons).
pub fn labelled_row() -> impl Bundle {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        align_self: AlignSelf::Stretch,
        column_gap: px(8),
        ..default()
    }
}

/// Large title text.
pub fn title(text: impl Into<Msg>) -> impl Bundle {
    (
        Tr(text.into()),
        TextFont::from_font_size(38.0),
        TextColor(palette::ACCENT),
    )
}

/// Section header text.
pub fn header(text: impl Into<Msg>) -> impl Bundle {
    (
        Tr(text.into()),
        TextFont::from_font_size(19.0),
        TextColor(palette::TEXT),
    )
}

/// Body text.
pub fn label(text: impl Into<Msg>) -> impl Bundle {
    (
        Tr(text.into()),
        TextFont::from_font_size(14.0),
        TextColor(palette::TEXT_DIM),
    )
}

/// The label at the head of a menu row, one width for all so the rows' contents line up. The
/// text sits in a box of its own, centred in the row's height like the row's buttons (a text
/// node given a width itself is laid out from its top).
pub fn row_label(text: impl Into<Msg>) -> impl Bundle {
    (
        Node {
            width: px(150),
            flex_shrink: 0.0,
            align_items: AlignItems::Center,
            ..default()
        },
        children![label(text)],
    )
}

/// Marks a button as the chosen one of a group (drawn highlighted).
#[derive(Component, Default, PartialEq)]
pub struct Selected(pub bool);

/// A button with a text label; add `.observe(...)` for what it does.
pub fn button(text: impl Into<Msg>) -> impl Bundle {
    sized_button(text, 220.0)
}

/// The layout for a small button of a fixed width with its text from the left: a text box,
/// or a line of a list. Its text is clipped at the edge.
pub fn left_aligned(width: f32) -> Node {
    Node {
        width: px(width),
        padding: UiRect::axes(px(12), px(5)),
        justify_content: JustifyContent::FlexStart,
        border: UiRect::all(px(1)),
        border_radius: BorderRadius::all(px(8)),
        overflow: Overflow::clip(),
        ..default()
    }
}

/// A small button (for option rows).
pub fn small_button(text: impl Into<Msg>) -> impl Bundle {
    sized_button(text, 0.0)
}

/// A small button's font size, and every button's padding left and right of its label and
/// border width (design pixels; public for the test that fits labels into their places).
pub const SMALL_BUTTON_FONT_SIZE: f32 = 15.0;
pub const BUTTON_SIDE_PADDING: f32 = 12.0;
pub const BUTTON_BORDER: f32 = 1.0;

fn sized_button(text: impl Into<Msg>, min_width: f32) -> impl Bundle {
    let (pad, font) = if min_width > 0.0 {
        (8.0, 18.0)
    } else {
        (5.0, SMALL_BUTTON_FONT_SIZE)
    };
    (
        button_frame(Node {
            min_width: px(min_width),
            padding: UiRect::axes(px(BUTTON_SIDE_PADDING), px(pad)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(px(BUTTON_BORDER)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        }),
        children![(
            Tr(text.into()),
            TextFont::from_font_size(font),
            TextColor(palette::TEXT)
        )],
    )
}

/// What every button is, whatever it shows: a node that takes hover, press and selection
/// colours (`button_colors`).
fn button_frame(node: Node) -> impl Bundle {
    (
        Button,
        Selected(false),
        node,
        BackgroundColor(palette::BUTTON),
        BorderColor::all(palette::PANEL_BORDER),
    )
}

/// A small button showing a round colour sample instead of a label.
pub fn swatch_button(color: Color) -> impl Bundle {
    (
        button_frame(Node {
            padding: UiRect::all(px(5)),
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        }),
        children![(
            Node {
                width: px(18),
                height: px(18),
                border_radius: BorderRadius::all(percent(50)),
                ..default()
            },
            BackgroundColor(color),
            Pickable::IGNORE,
        )],
    )
}

fn button_colors(
    mut buttons: Query<
        (&Interaction, &Selected, &mut BackgroundColor),
        (With<Button>, Or<(Changed<Interaction>, Changed<Selected>)>),
    >,
) {
    for (interaction, selected, mut bg) in &mut buttons {
        bg.0 = match interaction {
            Interaction::Pressed => palette::BUTTON_PRESS,
            Interaction::Hovered if selected.0 => palette::BUTTON_SELECTED_HOVER,
            Interaction::Hovered => palette::BUTTON_HOVER,
            Interaction::None if selected.0 => palette::BUTTON_SELECTED,
            Interaction::None => palette::BUTTON,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under the pointer the chosen option stays green (a lighter green), so a click on it
    /// shows that it took; any other button takes the hover colour.
    #[test]
    fn a_chosen_option_under_the_pointer_stays_green() {
        let mut app = App::new();
        app.add_systems(Update, button_colors);
        let mut spawn = |selected: bool, interaction: Interaction| {
            app.world_mut()
                .spawn(button_frame(Node::default()))
                .insert((Selected(selected), interaction))
                .id()
        };
        let chosen_hovered = spawn(true, Interaction::Hovered);
        let other_hovered = spawn(false, Interaction::Hovered);
        let chosen = spawn(true, Interaction::None);
        app.update();
        let color = |e: Entity| app.world().get::<BackgroundColor>(e).unwrap().0;
        assert_eq!(color(chosen_hovered), palette::BUTTON_SELECTED_HOVER);
        assert_eq!(color(other_hovered), palette::BUTTON_HOVER);
        assert_eq!(color(chosen), palette::BUTTON_SELECTED);
    }
}
