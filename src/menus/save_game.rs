//! "Save game" (from the pause menu): a name for the game on the board, offered as the
//! players and the time, and the format: a GGF record (players, date, result, variant) or
//! the moves only. Saving a name already on the shelf replaces that game; the menu says so
//! before the player saves.

use bevy::prelude::*;

use super::navigation::{go_back, menu_root};
use crate::i18n::{Msg, Tr, Translations};
use crate::rules::Match;
use crate::saved_games::{
    Format, GameShelf, ListSavedGames, SaveGameRequest, ShelfList, file_name, suggested_name,
};
use crate::state::devices::Device;
use crate::state::menu::Menu;
use crate::theme::focus::{
    DefaultButton, FocusFirst, Focused, FormOption, SubmitsOnEnter, TakesText, TextEntry, TypedKeys,
};
use crate::theme::text_entry;
use crate::theme::widgets::{self, Selected};
use crate::user_files::UserFolder;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveDraft>()
        .add_systems(OnEnter(Menu::SaveGame), (start_draft, spawn_menu).chain())
        .add_systems(
            Update,
            (
                // In `TextEntry`, before Enter uses the field (Presentation): the name
                // saved is what was typed before it.
                type_name.in_set(TextEntry),
                show_draft,
            )
                .run_if(in_state(Menu::SaveGame)),
        );
}

/// The name and format being chosen.
#[derive(Resource, Default)]
struct SaveDraft {
    name: String,
    format: Format,
}

#[derive(Component)]
struct NameField;

#[derive(Component)]
struct FormatChoice(Format);

/// The line under the field: where the game goes, or that it replaces one.
#[derive(Component)]
struct DraftNote;

/// Names longer than this are cut (file names have limits; a list shows about this much).
const MAX_NAME: usize = 60;

fn start_draft(
    state: Res<Match>,
    translations: Res<Translations>,
    shelf: Res<GameShelf>,
    mut draft: ResMut<SaveDraft>,
    mut list: MessageWriter<ListSavedGames>,
) {
    let taken = |file: &str| shelf.0.as_ref().is_some_and(|f| f.contains(file));
    let players = translations.text(
        &Msg::new("players-vs")
            .arg("black", Msg::name(&state.setup.names[0]))
            .arg("white", Msg::name(&state.setup.names[1])),
    );
    draft.name = suggested_name(&players, draft.format, taken);
    list.write(ListSavedGames);
}

fn spawn_menu(mut commands: Commands, state: Res<Match>) {
    let about = Msg::new("save-about")
        .arg("black", Msg::name(&state.setup.names[0]))
        .arg("white", Msg::name(&state.setup.names[1]))
        .arg("moves", state.record().ply());
    commands
        .spawn(menu_root("save game menu", Menu::SaveGame))
        .with_children(|o| {
            o.spawn(widgets::panel()).with_children(|p| {
                p.spawn(widgets::title("save-title"));
                p.spawn(widgets::label(about));
                p.spawn(widgets::labelled_row()).with_children(|r| {
                    r.spawn(widgets::row_label("save-name"));
                    r.spawn((
                        widgets::small_button(Msg::verbatim("")),
                        NameField,
                        TakesText,
                        SubmitsOnEnter,
                        FocusFirst,
                        // A format clicked leaves the focus here: typing goes on, and Enter
                        // saves, as the Save button's label says.
                        DefaultButton,
                    ))
                    .insert(widgets::left_aligned(420.0))
                    .observe(save_from_field);
                });
                p.spawn(widgets::labelled_row()).with_children(|r| {
                    r.spawn(widgets::row_label("save-format"));
                    for (text, format) in [
                        ("save-format-ggf", Format::Ggf),
                        ("save-format-moves", Format::Transcript),
                    ] {
                        r.spawn((
                            widgets::small_button(text),
                            FormatChoice(format),
                            FormOption,
                        ))
                        .observe(choose_format);
                    }
                });
                p.spawn((DraftNote, widgets::label(Msg::verbatim(""))));
                p.spawn(widgets::row()).with_children(|r| {
                    r.spawn(widgets::button("save-save")).observe(save);
                    r.spawn(widgets::button("save-cancel")).observe(go_back);
                });
            });
        });
}

fn choose_format(
    activate: On<widgets::Activate>,
    choices: Query<&FormatChoice>,
    mut draft: ResMut<SaveDraft>,
) {
    if let Ok(choice) = choices.get(activate.entity) {
        draft.format = choice.0;
    }
}

impl SaveDraft {
    fn request(&self) -> SaveGameRequest {
        SaveGameRequest {
            name: self.name.clone(),
            format: self.format,
        }
    }
}

fn save(
    _: On<widgets::Activate>,
    draft: Res<SaveDraft>,
    mut requests: MessageWriter<SaveGameRequest>,
) {
    requests.write(draft.request());
}

/// Enter in the field (a pad's A on it) saves at once; a click only puts the caret there.
/// The Enter that chose "Save game" came while that button had the focus, and one held
/// since is not pressed again (see `focus::SubmitsOnEnter`).
fn save_from_field(
    activate: On<widgets::Activate>,
    draft: Res<SaveDraft>,
    mut requests: MessageWriter<SaveGameRequest>,
) {
    if activate.by != Device::Mouse {
        requests.write(draft.request());
    }
}

/// Typing the name: only keys that came while the field had the focus.
fn type_name(
    typed: Res<TypedKeys>,
    keys: Res<ButtonInput<KeyCode>>,
    fields: Query<Entity, With<NameField>>,
    mut draft: ResMut<SaveDraft>,
) {
    let Ok(field) = fields.single() else {
        return;
    };
    let name = text_entry::edited(&draft.name, typed.into_box(field), &keys, MAX_NAME);
    if name != draft.name {
        draft.name = name;
    }
}

/// The field (with a caret while typing), the chosen format, and the note under them.
fn show_draft(
    draft: Res<SaveDraft>,
    focused: Res<Focused>,
    shelf: Res<GameShelf>,
    list: Res<ShelfList>,
    fields: Query<(Entity, &Children), With<NameField>>,
    mut formats: Query<(&FormatChoice, &mut Selected)>,
    mut notes: Query<&mut Tr, With<DraftNote>>,
    mut texts: Query<&mut Tr, Without<DraftNote>>,
) {
    for (field, children) in &fields {
        let shown = text_entry::shown(&draft.name, 44, focused.0 == Some(field));
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                text.set_if_neq(Tr(Msg::verbatim(shown.clone())));
            }
        }
    }
    for (choice, mut selected) in &mut formats {
        selected.set_if_neq(Selected(choice.0 == draft.format));
    }
    let note = match (&shelf.0, file_name(&draft.name, draft.format)) {
        (None, _) => Msg::new("shelf-nothing-kept"),
        (Some(_), None) => Msg::new("save-type-a-name"),
        (Some(folder), Some(file)) if replaces(folder, &list, &file) => {
            Msg::new("save-replaces").arg("file", file)
        }
        (Some(folder), Some(file)) => Msg::new("save-saved-as")
            .arg("file", file)
            .arg("place", folder.shown()),
    };
    for mut text in &mut notes {
        text.set_if_neq(Tr(note.clone()));
    }
}

/// Whether saving as `file` replaces a game on the shelf: the folder itself is asked, as
/// the list was read when the menu opened and another window of the game may have saved
/// since (where the file system ignores case, as on Windows and macOS, it also answers for
/// the same name in other letters).
fn replaces(folder: &UserFolder, list: &ShelfList, file: &str) -> bool {
    list.entries.iter().any(|e| e.file == file) || folder.contains(file)
}
