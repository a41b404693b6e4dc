//! The new-game menu's "Open a game" row: a field to type or paste (Ctrl+V) a transcript, a
//! board (16, 36, 64 or 100 squares) with the side to move, or a GGF record, and an Open
//! button (or Enter in the field). The game opens with the players chosen above; text that
//! is not a legal game is refused with the reason (see `clipboard::game_from_text`) and the
//! menu stays.

use bevy::clipboard::{Clipboard, ClipboardRead};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use super::choices::NewGameForm;
use crate::clipboard::OpenGameText;
use crate::i18n::{Msg, Tr};
use crate::state::devices::Device;
use crate::state::menu::Menu;
use crate::state::notice::Toast;
use crate::theme::focus::{Focused, SubmitsOnEnter, TakesText, TextEntry, TypedKeys};
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

/// The most text the field takes: as much as a paste on the board reads, so a long GGF
/// record opens from either.
const MAX_DRAFT: usize = crate::clipboard::MAX_TEXT;
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
            SubmitsOnEnter,
        ))
        .insert(widgets::left_aligned(360.0))
        .observe(click_to_type);
        r.spawn(widgets::small_button("open-game-open"))
            .observe(open);
    });
}

/// A click on the field puts the caret there for typing (a click that opened a game would
/// reopen the last one before a new one could be typed); Enter in it (a pad's A on it) opens
/// what it holds.
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

/// Typing into the field (the keys that came while it had the focus); Ctrl+V pastes, in
/// its place among the keys (in the browser the text comes a frame or more later).
fn type_game_text(
    typed: Res<TypedKeys>,
    keys: Res<ButtonInput<KeyCode>>,
    fields: Query<Entity, With<GameTextField>>,
    mut draft: ResMut<GameTextDraft>,
    mut clipboard: ResMut<Clipboard>,
    mut pending: Local<Option<ClipboardRead>>,
    mut toasts: MessageWriter<Toast>,
) {
    take_pasted(&mut pending, &mut draft, &mut toasts);
    let Ok(field) = fields.single() else {
        return;
    };
    let into: Vec<&KeyboardInput> = typed.into_box(field).collect();
    let paste = text_entry::chord_at(&into, &keys, KeyCode::KeyV);
    let (before, after) = into.split_at(paste.unwrap_or(into.len()));
    let mut text = text_entry::edited(&draft.0, before.iter().copied(), &keys, MAX_DRAFT);
    if paste.is_some() {
        *pending = Some(clipboard.fetch_text());
        // On the desktop the text is there at once: the keys after it follow it.
        match pasted_text(&mut pending) {
            Some(Ok(pasted)) => text = pasted,
            Some(Err(why)) => {
                toasts.write(Toast(why));
            }
            None => {}
        }
    }
    let text = text_entry::edited(&text, after.iter().copied(), &keys, MAX_DRAFT);
    if text != draft.0 {
        draft.0 = text;
    }
}

/// A paste that was still on its way (the browser's clipboard answers later) replaces the
/// draft when it comes.
fn take_pasted(
    pending: &mut Option<ClipboardRead>,
    draft: &mut GameTextDraft,
    toasts: &mut MessageWriter<Toast>,
) {
    match pasted_text(pending) {
        Some(Ok(text)) => draft.0 = text,
        Some(Err(why)) => {
            toasts.write(Toast(why));
        }
        None => {}
    }
}

/// The clipboard's text once the read is done (control characters other than line breaks
/// dropped), or why it could not be read or is no game (longer than any game: the draft is
/// kept rather than a cut record shown with a puzzling error); `None` while it is on its way.
fn pasted_text(pending: &mut Option<ClipboardRead>) -> Option<Result<String, Msg>> {
    let result = pending.as_mut()?.poll_result()?;
    *pending = None;
    Some(match result {
        Ok(text) => checked_paste(&text),
        Err(e) => Err(Msg::new("clipboard-not-read").arg("why", crate::clipboard::why(&e))),
    })
}

/// `text` as the field takes it, or why it is too long to be a game.
fn checked_paste(text: &str) -> Result<String, Msg> {
    let text: String = text
        .chars()
        .filter(|c| !c.is_control() || *c == '\n')
        .collect();
    let length = text.chars().count();
    if length > MAX_DRAFT {
        return Err(Msg::new("not-a-game-long-text").arg("n", length));
    }
    Ok(text)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paste_longer_than_any_game_is_refused_whole_not_cut() {
        assert_eq!(checked_paste("f5\u{7}d6\n").unwrap(), "f5d6\n");
        let long = "f5".repeat(MAX_DRAFT);
        assert_eq!(
            checked_paste(&long).unwrap_err(),
            Msg::new("not-a-game-long-text").arg("n", 2 * MAX_DRAFT)
        );
        assert!(checked_paste(&"é".repeat(MAX_DRAFT)).is_ok());
    }
}
