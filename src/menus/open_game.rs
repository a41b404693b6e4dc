//! The new-game menu's "Open a game" row: a field to type or paste (Ctrl+V) a transcript, a
//! board (16, 36, 64 or 100 squares) with the side to move, or a GGF record, and an Open button. The game
//! opens with the players chosen above; text that is not a legal game is refused with the
//! reason (see `clipboard::game_from_text`) and the menu stays.

use bevy::clipboard::{Clipboard, ClipboardRead};
use bevy::prelude::*;

use super::choices::NewGameForm;
use crate::clipboard::OpenGameText;
use crate::i18n::{Msg, Tr};
use crate::state::devices::{Device, command_held};
use crate::state::menu::Menu;
use crate::theme::focus::{Focused, TakesText};
use crate::theme::text_entry::{TextEntry, TypedKeys};
use crate::theme::{palette, text_entry, widgets};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameTextDraft>().add_systems(
        Update,
        (type_game_text.in_set(TextEntry), show_game_text)
            .chain()
            .run_if(in_state(Menu::NewGame)),
    );
}

/// What has been typed or pasted into the field so far (kept while the menu is away).
#[derive(Resource, Default)]
pub struct GameTextDraft(pub String);

#[derive(Component)]
struct GameTextField;

/// The most text the field takes: a long GGF record fits.
const MAX_DRAFT: usize = 8_000;
/// The field shows the end of what was typed, this many characters.
const SHOWN: usize = 34;

/// The row: label, field, Open button.
pub fn open_game_row(p: &mut ChildSpawnerCommands) {
    p.spawn(widgets::labelled_row()).with_children(|r| {
        r.spawn(widgets::row_label("open-game"));
        r.spawn((
            widgets::small_button(Msg::verbatim("")),
            GameTextField,
            TakesText,
        ))
        .insert(widgets::left_aligned(360.0))
        .observe(click_to_type);
        r.spawn(widgets::small_button("open-game-open"))
            .observe(open);
    });
}

/// A click on the field puts the caret there for typing (a click that opened a game would
/// reopen the last one before a new one could be typed); Enter in it opens what it holds.
fn click_to_type(
    activate: On<widgets::Activate>,
    draft: Res<GameTextDraft>,
    form: Res<NewGameForm>,
    requests: MessageWriter<OpenGameText>,
    mut focused: ResMut<Focused>,
) {
    if activate.by == Device::Mouse {
        focused.set_if_neq(Focused(Some(activate.entity)));
    } else {
        open_text(&draft, &form, requests);
    }
}

fn open(
    _: On<widgets::Activate>,
    draft: Res<GameTextDraft>,
    form: Res<NewGameForm>,
    requests: MessageWriter<OpenGameText>,
) {
    open_text(&draft, &form, requests);
}

fn open_text(draft: &GameTextDraft, form: &NewGameForm, mut requests: MessageWriter<OpenGameText>) {
    requests.write(OpenGameText {
        text: draft.0.clone(),
        setup: Some(form.setup()),
    });
}

/// Typing into the field (the keys that came while it had the focus); Ctrl+V pastes (in the
/// browser the text comes a moment later).
fn type_game_text(
    typed: Res<TypedKeys>,
    keys: Res<ButtonInput<KeyCode>>,
    fields: Query<Entity, With<GameTextField>>,
    mut draft: ResMut<GameTextDraft>,
    mut clipboard: ResMut<Clipboard>,
    mut pending: Local<Option<ClipboardRead>>,
) {
    if let Some(read) = pending.as_mut()
        && let Some(result) = read.poll_result()
    {
        *pending = None;
        if let Ok(text) = result {
            draft.0 = text
                .chars()
                .filter(|c| !c.is_control() || *c == '\n')
                .take(MAX_DRAFT)
                .collect();
        }
    }
    let Ok(field) = fields.single() else {
        return;
    };
    // By key position, not by character: with Ctrl held some systems report a control
    // character rather than the letter.
    if command_held(&keys)
        && typed
            .into_box(field)
            .any(|k| k.key_code == KeyCode::KeyV && k.state.is_pressed())
    {
        *pending = Some(clipboard.fetch_text());
    }
    let text = text_entry::edited(&draft.0, typed.into_box(field), &keys, MAX_DRAFT);
    if text != draft.0 {
        draft.0 = text;
    }
}

/// The field: a hint while empty, the end of the text (with a caret) otherwise.
fn show_game_text(
    draft: Res<GameTextDraft>,
    focused: Res<Focused>,
    fields: Query<(Entity, &Children), With<GameTextField>>,
    mut texts: Query<(&mut Tr, &mut TextColor)>,
) {
    for (field, children) in &fields {
        let editing = focused.0 == Some(field);
        let (shown, color) = if draft.0.is_empty() && !editing {
            (Msg::new("open-game-hint"), palette::TEXT_DIM)
        } else {
            (
                Msg::verbatim(text_entry::shown(&draft.0, SHOWN, editing)),
                palette::TEXT,
            )
        };
        for child in children.iter() {
            if let Ok((mut text, mut text_color)) = texts.get_mut(child) {
                text.set_if_neq(Tr(shown.clone()));
                text_color.set_if_neq(TextColor(color));
            }
        }
    }
}
