//! "Saved games" (from the pause and new-game menus): the games on the shelf, newest first,
//! a page at a time, each with what is in it (players, discs placed, result, date) or why it
//! cannot be opened. Choosing one opens it; Delete asks once more before it removes the file.

use bevy::prelude::*;

use super::navigation::{go_back, menu_root};
use crate::i18n::{Explain, Msg, Tr};
use crate::saved_games::{DeleteSavedGame, GameShelf, ListSavedGames, OpenSavedGame, ShelfList};
use crate::state::menu::Menu;
use crate::theme::focus::{FocusFirst, Focused};
use crate::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ListView>()
        .add_systems(OnEnter(Menu::SavedGames), (start_list, spawn_menu).chain())
        .add_systems(
            Update,
            (fill_rows, show_armed)
                .chain()
                // Before the focus moves, so it finds the rows just built.
                .before(crate::schedule::GameSet::Presentation)
                .run_if(in_state(Menu::SavedGames)),
        );
}

/// Games shown on one page (the menu fits a 720-pixel-high window).
const PAGE: usize = 7;

/// Which page is shown, and the entry whose Delete was pressed once.
#[derive(Resource, Default, PartialEq)]
struct ListView {
    page: usize,
    armed: Option<String>,
}

/// The column the rows are built in.
#[derive(Component)]
struct Rows;

#[derive(Component)]
struct PageText;

/// A row's buttons, by the entry they act on.
#[derive(Component)]
struct OpenEntry(String);

#[derive(Component)]
struct DeleteEntry(String);

fn start_list(mut view: ResMut<ListView>, mut list: MessageWriter<ListSavedGames>) {
    *view = ListView::default();
    list.write(ListSavedGames);
}

fn spawn_menu(mut commands: Commands, shelf: Res<GameShelf>) {
    let place = match &shelf.0 {
        Some(folder) => Msg::new("shelf-kept-in").arg("place", folder.shown()),
        None => Msg::new("shelf-nothing-kept"),
    };
    commands
        .spawn(menu_root("saved games menu", Menu::SavedGames))
        .with_children(|o| {
            o.spawn(widgets::panel()).with_children(|p| {
                p.spawn(widgets::title("menu-saved-games"));
                p.spawn(widgets::label(place));
                p.spawn((
                    Rows,
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(6),
                        min_height: px(PAGE as f32 * 36.0),
                        ..default()
                    },
                ));
                p.spawn(widgets::row()).with_children(|r| {
                    r.spawn(widgets::small_button("shelf-newer")).observe(
                        |_: On<widgets::Activate>, mut view: ResMut<ListView>| {
                            view.page = view.page.saturating_sub(1);
                        },
                    );
                    r.spawn((PageText, widgets::label(Msg::verbatim(""))));
                    r.spawn(widgets::small_button("shelf-older")).observe(
                        |_: On<widgets::Activate>,
                         mut view: ResMut<ListView>,
                         list: Res<ShelfList>| {
                            if (view.page + 1) * PAGE < list.entries.len() {
                                view.page += 1;
                            }
                        },
                    );
                });
                p.spawn((widgets::button("menu-back"), FocusFirst))
                    .observe(go_back);
            });
        });
}

/// Rebuilds the rows whenever the list or the page changes (not when a Delete is armed:
/// that would take the focus off the button being pressed).
fn fill_rows(
    list: Res<ShelfList>,
    mut view: ResMut<ListView>,
    rows: Query<Entity, With<Rows>>,
    mut pages: Query<&mut Tr, With<PageText>>,
    mut shown_page: Local<Option<usize>>,
    mut focused: ResMut<Focused>,
    mut commands: Commands,
) {
    let pages_count = list.entries.len().div_ceil(PAGE).max(1);
    if view.page >= pages_count {
        view.page = pages_count - 1;
    }
    if !list.is_changed() && *shown_page == Some(view.page) {
        return;
    }
    // A new list (the menu opened, a game deleted) puts the focus on its first game; turning
    // the page leaves it on the page button.
    let refocus = list.is_changed();
    *shown_page = Some(view.page);
    for mut text in &mut pages {
        *text = Tr(Msg::new("shelf-page")
            .arg("page", view.page + 1)
            .arg("pages", pages_count));
    }
    let Ok(rows) = rows.single() else {
        return;
    };
    commands.entity(rows).despawn_children();
    let mut first = None;
    commands.entity(rows).with_children(|c| {
        if let Some(problem) = &list.problem {
            c.spawn(widgets::label(problem.clone()));
        } else if list.entries.is_empty() {
            c.spawn(widgets::label("shelf-empty"));
        }
        for entry in list.entries.iter().skip(view.page * PAGE).take(PAGE) {
            let about = match &entry.game {
                Ok(game) => game.summary(),
                Err(why) => Msg::new("shelf-cannot-open").arg("why", why.explain()),
            };
            c.spawn(widgets::row()).with_children(|r| {
                let id = r
                    .spawn((
                        widgets::small_button(
                            Msg::new("shelf-entry")
                                .arg("file", entry.file.as_str())
                                .arg("about", about),
                        ),
                        OpenEntry(entry.file.clone()),
                    ))
                    .insert(widgets::left_aligned(640.0))
                    .observe(open_entry)
                    .id();
                // The page's first game takes the focus (Enter opens it).
                if first.is_none() {
                    first = Some(id);
                }
                r.spawn((
                    widgets::small_button("shelf-delete"),
                    DeleteEntry(entry.file.clone()),
                ))
                .observe(delete_entry);
            });
        }
    });
    if refocus && first.is_some() {
        focused.0 = first;
    }
}

fn open_entry(
    activate: On<widgets::Activate>,
    entries: Query<&OpenEntry>,
    mut requests: MessageWriter<OpenSavedGame>,
) {
    if let Ok(entry) = entries.get(activate.entity) {
        requests.write(OpenSavedGame {
            file: entry.0.clone(),
        });
    }
}

/// The first press arms the row's Delete, the second deletes.
fn delete_entry(
    activate: On<widgets::Activate>,
    entries: Query<&DeleteEntry>,
    mut view: ResMut<ListView>,
    mut requests: MessageWriter<DeleteSavedGame>,
) {
    let Ok(entry) = entries.get(activate.entity) else {
        return;
    };
    if view.armed.as_deref() == Some(entry.0.as_str()) {
        view.armed = None;
        requests.write(DeleteSavedGame {
            file: entry.0.clone(),
        });
    } else {
        view.armed = Some(entry.0.clone());
    }
}

/// An armed Delete says so; it stays armed until it is pressed again, another Delete is
/// pressed, or the menu closes.
fn show_armed(
    view: Res<ListView>,
    buttons: Query<(&DeleteEntry, &Children)>,
    mut texts: Query<&mut Tr>,
) {
    for (entry, children) in &buttons {
        let armed = view.armed.as_deref() == Some(entry.0.as_str());
        let label = if armed {
            "shelf-delete-sure"
        } else {
            "shelf-delete"
        };
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                text.set_if_neq(Tr::key(label));
            }
        }
    }
}
