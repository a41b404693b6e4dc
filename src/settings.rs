//! Player settings (sound, animation speed, markers, colours, AI pacing) and their persistence
//! as a small `key = value` text in the user's config directory, or in the browser's
//! `localStorage` in the web build (atomic write, bad lines ignored).

use bevy::prelude::*;

use crate::i18n::{Language, Translations};
use crate::user_files::{Kind, StorageError, StorageFailed, UserText};
use reversi_engine::grid::BoardSize;
use reversi_engine::{Color as Side, Level, Rules};

pub(super) fn plugin(app: &mut App) {
    let settings = if app.world().contains_resource::<SettingsFile>() {
        Settings::default()
    } else {
        let mut file = SettingsFile::default_location();
        let loaded = file.load();
        app.insert_resource(file);
        loaded
    };
    app.insert_resource(settings);
    app.add_message::<StorageFailed>()
        .add_systems(Last, save_when_changed)
        .add_systems(PreUpdate, apply_language);
}

/// How fast discs drop and flip.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum AnimationSpeed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl AnimationSpeed {
    pub const ALL: [AnimationSpeed; 4] = [
        AnimationSpeed::Slow,
        AnimationSpeed::Normal,
        AnimationSpeed::Fast,
        AnimationSpeed::Instant,
    ];

    /// Multiplier on animation durations; 0 means no animation at all.
    pub fn factor(self) -> f32 {
        match self {
            AnimationSpeed::Slow => 1.8,
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Fast => 0.45,
            AnimationSpeed::Instant => 0.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            AnimationSpeed::Slow => "slow",
            AnimationSpeed::Normal => "normal",
            AnimationSpeed::Fast => "fast",
            AnimationSpeed::Instant => "instant",
        }
    }
}

/// The two faces of the discs.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum ColorScheme {
    #[default]
    BlackWhite,
    /// The German rule text's red and green.
    RedGreen,
    /// The Hungarian rule text's red and blue.
    RedBlue,
    /// Colour-blind safe: dark blue and light orange, and the second side carries a ring
    /// so the sides also differ by shape.
    Accessible,
}

impl ColorScheme {
    pub const ALL: [ColorScheme; 4] = [
        ColorScheme::BlackWhite,
        ColorScheme::RedGreen,
        ColorScheme::RedBlue,
        ColorScheme::Accessible,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ColorScheme::BlackWhite => "black/white",
            ColorScheme::RedGreen => "red/green",
            ColorScheme::RedBlue => "red/blue",
            ColorScheme::Accessible => "colour-blind safe",
        }
    }
}

/// How much the renderer does: shadows, smoothing and a lit table cost frame time that a
/// software renderer or a weak GPU does not have.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Quality {
    High,
    Medium,
    Low,
}

impl Quality {
    pub const ALL: [Quality; 3] = [Quality::High, Quality::Medium, Quality::Low];

    pub fn name(self) -> &'static str {
        match self {
            Quality::High => "high",
            Quality::Medium => "medium",
            Quality::Low => "low",
        }
    }
}

/// The most cores a settings file may name (more than any machine the game runs on).
const MAX_CORES: usize = 1024;

/// The processor cores of this machine the computer could think on (1 in the browser,
/// whose one search worker has no threads of its own).
pub fn available_cores() -> usize {
    if cfg!(target_arch = "wasm32") {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// The longest pause the computer makes before its move (the Settings menu's pace).
pub const MAX_THINKING_DELAY_MS: u32 = 3_000;

/// The smallest window the game keeps (and lets the player make): half the design size, where
/// the UI is drawn at its smallest scale (`window::ui_scale_for`) and every menu still fits;
/// a smaller window cut the title screen's buttons off.
pub const WINDOW_MIN: (u32, u32) = (640, 400);

/// Whether a window size (logical pixels) is one to remember and restore: a minimised
/// window reports 0 × 0, and no screen is larger than 16,384 pixels a side.
pub fn window_size_ok((w, h): (u32, u32)) -> bool {
    (WINDOW_MIN.0..=16_384).contains(&w) && (WINDOW_MIN.1..=16_384).contains(&h)
}

/// Everything the player can set; saved between runs.
#[derive(Resource, Clone, PartialEq, Debug)]
pub struct Settings {
    /// 0.0..=1.0
    pub volume: f32,
    pub muted: bool,
    pub animation: AnimationSpeed,
    pub show_legal_moves: bool,
    pub show_counts: bool,
    pub colors: ColorScheme,
    /// The least time the computer takes per move, so its moves can be followed (at most
    /// [`MAX_THINKING_DELAY_MS`]).
    pub thinking_delay_ms: u32,
    /// In two-player games, swing the camera to the side of the player to move.
    pub face_player: bool,
    /// Gamepads rumble when discs flip (where the pad supports it).
    pub rumble: bool,
    /// The evaluation bar beside the board: the AI's estimate of the final disc difference.
    pub eval_bar: bool,
    /// Study mode: every legal move's score on its square while a person is to move.
    pub move_scores: bool,
    /// The two people of a couch game: player 1 plays Black in a match's first game.
    pub players: [Profile; 2],
    /// The desktop window's size (logical pixels) as the player last left it.
    pub window_size: Option<(u32, u32)>,
    /// The graphics preset the player chose; `None` lets the game choose from the graphics
    /// adapter (low on a software renderer, high otherwise).
    pub graphics: Option<Quality>,
    /// The language the player chose; `None` follows the system's.
    pub language: Option<Language>,
    /// Processor cores the computer may think on; `None`: all of them.
    pub computer_cores: Option<usize>,
    /// What the new-game menu last started, offered again at the next start; `None` until
    /// a game is started from it.
    pub new_game: Option<NewGameChoices>,
    /// Lines of the file this build does not know (a newer build's settings, a player's
    /// comments), written back as they were so a save here does not lose them.
    pub other_lines: Vec<String>,
    /// Lines of known keys whose values this build cannot read (a newer build's
    /// `language = ja`), each with what this build would have written for the key when it
    /// read them (nothing for a setting it leaves out): the line is written back as it came
    /// until the player changes that setting here.
    pub unread_values: Vec<(String, Option<String>)>,
}

/// Who plays in a game set up in the new-game menu.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum PlayMode {
    #[default]
    VsComputer,
    TwoPlayers,
    Demo,
}

impl PlayMode {
    const ALL: [PlayMode; 3] = [PlayMode::VsComputer, PlayMode::TwoPlayers, PlayMode::Demo];

    fn name(self) -> &'static str {
        match self {
            PlayMode::VsComputer => "computer",
            PlayMode::TwoPlayers => "two-players",
            PlayMode::Demo => "demo",
        }
    }
}

/// The new-game menu's choices as the settings file keeps them.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct NewGameChoices {
    pub mode: PlayMode,
    pub human_side: Side,
    pub level: Level,
    pub rules: Rules,
    pub size: BoardSize,
    /// Games in a two-player match.
    pub games: u8,
}

impl NewGameChoices {
    /// One line's value: `mode=computer side=black level=5 board=8 rules=standard games=1`.
    fn to_text(self) -> String {
        let side = match self.human_side {
            Side::Black => "black",
            Side::White => "white",
        };
        format!(
            "mode={} side={side} level={} board={} rules={} games={}",
            self.mode.name(),
            self.level.number(),
            self.size.side(),
            self.rules.tag(),
            self.games
        )
    }

    /// The choices a line's value names; `None` if any part is missing or not understood.
    fn from_text(text: &str) -> Option<NewGameChoices> {
        let mut parts = std::collections::HashMap::new();
        for part in text.split_whitespace() {
            let (key, value) = part.split_once('=')?;
            parts.insert(key, value);
        }
        let mode = PlayMode::ALL
            .into_iter()
            .find(|m| Some(&m.name()) == parts.get("mode"))?;
        Some(NewGameChoices {
            mode,
            human_side: match *parts.get("side")? {
                "black" => Side::Black,
                "white" => Side::White,
                _ => return None,
            },
            level: Level::from_number(parts.get("level")?.parse().ok()?)?,
            rules: Rules::from_tag(parts.get("rules")?).ok()?,
            size: BoardSize::from_side(parts.get("board")?.parse().ok()?)?,
            // The menu checks the length against the ones it offers.
            games: parts.get("games")?.parse().ok().filter(|n| *n >= 1)?,
        })
    }
}

/// A person at the couch: the name the HUD shows and the colour of their cursor.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Profile {
    pub name: String,
    pub accent: Accent,
}

impl Profile {
    /// Names are short single lines (the HUD row and the settings file's `key = value`).
    pub const MAX_NAME: usize = 16;

    /// Keeps printable characters, at most [`Self::MAX_NAME`]; empty becomes `fallback`.
    pub fn clean_name(name: &str, fallback: &str) -> String {
        let cleaned: String = name
            .chars()
            .filter(|c| !c.is_control())
            .take(Self::MAX_NAME)
            .collect();
        let cleaned = cleaned.trim();
        if cleaned.is_empty() {
            fallback.to_string()
        } else {
            cleaned.to_string()
        }
    }
}

/// The colour a person's cursor and name plate wear, so two people can tell theirs apart.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Accent {
    Amber,
    Sky,
    Rose,
    Mint,
    Violet,
    Silver,
}

impl Accent {
    pub const ALL: [Accent; 6] = [
        Accent::Amber,
        Accent::Sky,
        Accent::Rose,
        Accent::Mint,
        Accent::Violet,
        Accent::Silver,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Accent::Amber => "amber",
            Accent::Sky => "sky",
            Accent::Rose => "rose",
            Accent::Mint => "mint",
            Accent::Violet => "violet",
            Accent::Silver => "silver",
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            volume: 0.7,
            muted: false,
            animation: AnimationSpeed::Normal,
            show_legal_moves: true,
            show_counts: true,
            colors: ColorScheme::BlackWhite,
            thinking_delay_ms: 600,
            face_player: false,
            rumble: true,
            eval_bar: false,
            move_scores: false,
            players: [
                Profile {
                    name: "Player 1".into(),
                    accent: Accent::Amber,
                },
                Profile {
                    name: "Player 2".into(),
                    accent: Accent::Sky,
                },
            ],
            window_size: None,
            graphics: None,
            language: None,
            computer_cores: None,
            new_game: None,
            other_lines: Vec::new(),
            unread_values: Vec::new(),
        }
    }
}

impl Settings {
    /// The threads the computer's search runs on: the cores the player allows, at most
    /// those the machine has.
    pub fn search_threads(&self) -> usize {
        let available = available_cores();
        self.computer_cores.unwrap_or(available).clamp(1, available)
    }

    /// The settings as `key = value` lines.
    pub fn to_text(&self) -> String {
        let known = self.known_text();
        // A setting still as it was read keeps the line this build could not read.
        let kept = |key: &str, now: Option<&str>| {
            self.unread_values
                .iter()
                .find(|(line, then)| key_of(line) == Some(key) && then.as_deref() == now)
                .map(|(line, _)| line)
        };
        let mut text = String::new();
        for line in known.lines() {
            let (key, value) = line
                .split_once('=')
                .map_or((line, ""), |(k, v)| (k.trim(), v.trim()));
            let line = kept(key, Some(value)).map_or(line, String::as_str);
            text += line;
            text.push('\n');
        }
        for (line, then) in &self.unread_values {
            if then.is_none()
                && let Some(key) = key_of(line)
                && !known.lines().any(|l| key_of(l) == Some(key))
            {
                text += line;
                text.push('\n');
            }
        }
        for line in &self.other_lines {
            text += line;
            text.push('\n');
        }
        text
    }

    /// Forgets the unreadable lines of the settings changed since they were read: the
    /// player's choice here replaces them for good (changing it back later writes this
    /// build's value, not the line).
    pub fn forget_changed_unread(&mut self) {
        let known = self.known_text();
        self.unread_values
            .retain(|(line, then)| value_of(&known, key_of(line)) == then.as_deref());
    }

    /// The settings this build knows, as `key = value` lines.
    fn known_text(&self) -> String {
        let mut text = format!(
            "volume = {:.2}\nmuted = {}\nanimation = {}\nshow_legal_moves = {}\nshow_counts = {}\ncolors = {}\nthinking_delay_ms = {}\nface_player = {}\nrumble = {}\neval_bar = {}\nmove_scores = {}\n",
            self.volume,
            self.muted,
            self.animation.name(),
            self.show_legal_moves,
            self.show_counts,
            match self.colors {
                ColorScheme::BlackWhite => "black-white",
                ColorScheme::RedGreen => "red-green",
                ColorScheme::RedBlue => "red-blue",
                ColorScheme::Accessible => "accessible",
            },
            self.thinking_delay_ms,
            self.face_player,
            self.rumble,
            self.eval_bar,
            self.move_scores
        );
        for (i, p) in self.players.iter().enumerate() {
            text += &format!(
                "player{n}_name = {}\nplayer{n}_accent = {}\n",
                p.name,
                p.accent.name(),
                n = i + 1
            );
        }
        if let Some((w, h)) = self.window_size {
            text += &format!("window = {w}x{h}\n");
        }
        if let Some(quality) = self.graphics {
            text += &format!("graphics = {}\n", quality.name());
        }
        if let Some(language) = self.language {
            text += &format!("language = {}\n", language.code());
        }
        if let Some(cores) = self.computer_cores {
            text += &format!("computer_cores = {cores}\n");
        }
        if let Some(choices) = self.new_game {
            text += &format!("new_game = {}\n", choices.to_text());
        }
        text
    }

    /// Reads `key = value` lines; bad values keep their defaults, so a damaged file never
    /// stops the game. Comments and keys this build does not know are kept as they are
    /// ([`Settings::other_lines`]); lines that are not `key = value` are dropped.
    pub fn from_text(text: &str) -> (Settings, Vec<String>) {
        let mut s = Settings::default();
        let mut problems = Vec::new();
        // A byte-order mark (an editor's "UTF-8 with BOM") is not part of the first key.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // The known keys read from some line.
        let mut read: Vec<String> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if line.starts_with('#') {
                s.other_lines.push(line.to_string());
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                problems.push(format!("line {}: expected `key = value`", n + 1));
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            let ok = match key {
                "volume" => value
                    .parse::<f32>()
                    .ok()
                    .filter(|v| (0.0..=1.0).contains(v))
                    .map(|v| s.volume = v),
                "muted" => value.parse().ok().map(|v| s.muted = v),
                "animation" => AnimationSpeed::ALL
                    .into_iter()
                    .find(|a| a.name() == value)
                    .map(|a| s.animation = a),
                "show_legal_moves" => value.parse().ok().map(|v| s.show_legal_moves = v),
                "show_counts" => value.parse().ok().map(|v| s.show_counts = v),
                "colors" => match value {
                    "black-white" => Some(ColorScheme::BlackWhite),
                    "red-green" => Some(ColorScheme::RedGreen),
                    "red-blue" => Some(ColorScheme::RedBlue),
                    "accessible" => Some(ColorScheme::Accessible),
                    _ => None,
                }
                .map(|c| s.colors = c),
                // A longer pause than the menu offers is read as its longest.
                "thinking_delay_ms" => value
                    .parse::<u32>()
                    .ok()
                    .map(|v| s.thinking_delay_ms = v.min(MAX_THINKING_DELAY_MS)),
                "face_player" => value.parse().ok().map(|v| s.face_player = v),
                "rumble" => value.parse().ok().map(|v| s.rumble = v),
                "eval_bar" => value.parse().ok().map(|v| s.eval_bar = v),
                "move_scores" => value.parse().ok().map(|v| s.move_scores = v),
                "window" => value
                    .split_once('x')
                    .and_then(|(w, h)| Some((w.trim().parse().ok()?, h.trim().parse().ok()?)))
                    .filter(|&size| window_size_ok(size))
                    .map(|size| s.window_size = Some(size)),
                "language" => Language::ALL
                    .into_iter()
                    .find(|l| l.code() == value)
                    .map(|l| s.language = Some(l)),
                "computer_cores" => value
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=MAX_CORES).contains(n))
                    .map(|n| s.computer_cores = Some(n)),
                "graphics" => Quality::ALL
                    .into_iter()
                    .find(|q| q.name() == value)
                    .map(|q| s.graphics = Some(q)),
                "new_game" => NewGameChoices::from_text(value).map(|c| s.new_game = Some(c)),
                "player1_name" | "player2_name" => {
                    let i = usize::from(key.as_bytes()[6] - b'1');
                    let fallback = Settings::default().players[i].name.clone();
                    s.players[i].name = Profile::clean_name(value, &fallback);
                    Some(())
                }
                "player1_accent" | "player2_accent" => {
                    let i = usize::from(key.as_bytes()[6] - b'1');
                    Accent::ALL
                        .into_iter()
                        .find(|a| a.name() == value)
                        .map(|a| s.players[i].accent = a)
                }
                _ => {
                    // Printable text only: the line goes back into the file as it came.
                    if !line.chars().any(char::is_control) {
                        // Not a problem: a newer build's setting, written back as it came.
                        s.other_lines.push(line.to_string());
                        continue;
                    }
                    None
                }
            };
            if ok.is_none() {
                problems.push(format!("line {}: ignored `{line}`", n + 1));
                if !line.chars().any(char::is_control) {
                    // A later line for the same key is the one a newer build reads too.
                    s.unread_values
                        .retain(|(kept, _)| key_of(kept) != Some(key));
                    s.unread_values.push((line.to_string(), None));
                }
            } else {
                read.push(key.to_string());
            }
        }
        // A key this build read from one of its lines keeps that value: another line for it
        // that it could not read is not written back over it.
        s.unread_values
            .retain(|(line, _)| !key_of(line).is_some_and(|k| read.iter().any(|r| r == k)));
        // What this build writes for each such key now, so `to_text` can tell whether the
        // player changed it since.
        let known = s.known_text();
        for (line, then) in &mut s.unread_values {
            *then = value_of(&known, key_of(line)).map(str::to_string);
        }
        (s, problems)
    }
}

/// Where settings are stored; absent in tests, so they never touch the user's files.
#[derive(Resource, Clone, Debug)]
pub struct SettingsFile {
    pub place: Option<UserText>,
    /// Why the file could not be read at the start, if it could not: it is then left as it
    /// is for this run (writing the defaults over it would lose every setting in it).
    unread: Option<StorageError>,
    /// This window's settings as it last read or wrote them: what it has changed since is
    /// what it writes over the file, so that another window's changes in between stay.
    known: Option<String>,
}

impl SettingsFile {
    /// `settings.txt` in the player's config folder (on Linux `~/.config/reversi/`, see
    /// [`user_file`](crate::user_files::user_file)); in the browser the `localStorage` key
    /// `reversi/settings.txt`.
    pub fn default_location() -> SettingsFile {
        SettingsFile {
            place: UserText::named(Kind::Config, "settings.txt"),
            unread: None,
            known: None,
        }
    }

    /// A file that is never read or written.
    pub fn none() -> SettingsFile {
        SettingsFile {
            place: None,
            unread: None,
            known: None,
        }
    }

    /// The settings in the file; the defaults where it is missing or cannot be read (then
    /// the file is not written over, see [`SettingsFile::save`]).
    fn load(&mut self) -> Settings {
        let settings = self.read();
        self.known = Some(settings.to_text());
        settings
    }

    fn read(&mut self) -> Settings {
        let Some(place) = &self.place else {
            return Settings::default();
        };
        if let UserText::File(path) = place {
            crate::user_files::remove_stale_temporaries(path);
        }
        let text = match place.read() {
            Ok(Some(text)) => text,
            Ok(None) => return Settings::default(),
            // A damaged byte (in a player's name, say) costs that character, not every
            // setting: the next change would save the defaults over all of them.
            Err(StorageError::NotText) => match read_lossy(place) {
                Some(text) => {
                    warn!("settings in {place} are not all text; reading what is");
                    text
                }
                None => return Settings::default(),
            },
            Err(e) => {
                warn!(
                    "cannot read settings from {place}: {e}; using defaults, leaving it as it is"
                );
                self.unread = Some(e);
                return Settings::default();
            }
        };
        let (settings, problems) = Settings::from_text(&text);
        for p in problems {
            warn!("settings in {place}: {p}");
        }
        settings
    }

    /// Writes `settings` to the file, unless the file could not be read at the start and
    /// still holds something: then the reason it could not be read is the error. Where
    /// another window (or the player, by hand) changed the file since this one last read
    /// or wrote it, only the settings changed here are written over it.
    fn save(&mut self, settings: &Settings) -> Result<(), StorageError> {
        let Some(place) = &self.place else {
            return Ok(());
        };
        if let Some(why) = &self.unread
            && !matches!(place.read_bytes(), Ok(None))
        {
            warn!("not saving settings over {place}, which could not be read: {why}");
            return Err(why.clone());
        }
        let ours = settings.to_text();
        // The file as it is now; a damaged byte costs that character, as in `read`.
        let there = match place.read() {
            Ok(text) => text,
            Err(_) => read_lossy(place),
        };
        let text = match (&self.known, there) {
            (Some(known), Some(there)) if there != *known => {
                let (merged, _) = Settings::from_text(&changed_over(known, &ours, &there));
                merged.to_text()
            }
            _ => ours.clone(),
        };
        place.write(&text).inspect_err(|e| {
            warn!("cannot save settings to {place}: {e}");
        })?;
        // This window's own view, not the merged file: its next save compares against what
        // it had, so another window's settings (which this one does not hold) never count
        // as its changes.
        self.known = Some(ours);
        Ok(())
    }
}

/// The key of a `key = value` line.
fn key_of(line: &str) -> Option<&str> {
    line.split_once('=').map(|(key, _)| key.trim())
}

/// The value `text`'s first line for `key` gives it.
fn value_of<'a>(text: &'a str, key: Option<&str>) -> Option<&'a str> {
    text.lines()
        .find(|l| key.is_some() && key_of(l) == key)
        .and_then(|l| l.split_once('='))
        .map(|(_, v)| v.trim())
}

/// The file's text with any bytes that are not UTF-8 replaced; `None` when it cannot be read.
fn read_lossy(place: &UserText) -> Option<String> {
    let bytes = place.read_bytes().ok().flatten()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// `there` (the file as it is now) with the `key = value` lines that differ between
/// `known` (this window's settings as it last read or wrote them) and `ours` (its settings
/// now) made as in `ours`: a key changed here is set (or, gone from `ours`, removed), every
/// other line stays as it is there.
fn changed_over(known: &str, ours: &str, there: &str) -> String {
    fn pairs(text: &str) -> Vec<(&str, &str)> {
        text.lines()
            .filter_map(|line| line.split_once('='))
            .map(|(k, v)| (k.trim(), v.trim()))
            .collect()
    }
    let value = |pairs: &[(&str, &str)], key: &str| {
        pairs
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.to_string())
    };
    let (known, ours) = (pairs(known), pairs(ours));
    let mut changed: Vec<(&str, Option<String>)> = Vec::new();
    for (k, _) in known.iter().chain(&ours) {
        if value(&known, k) != value(&ours, k) && !changed.iter().any(|(c, _)| c == k) {
            changed.push((k, value(&ours, k)));
        }
    }
    let mut out = String::new();
    let already: Vec<(&str, &str)> = pairs(there);
    for line in there.lines() {
        let key = key_of(line);
        match changed.iter().find(|(k, _)| Some(*k) == key) {
            Some((_, None)) => {}
            Some((k, Some(v))) => out += &format!("{k} = {v}\n"),
            None => {
                out += line;
                out.push('\n');
            }
        }
    }
    for (k, v) in &changed {
        if let Some(v) = v
            && value(&already, k).is_none()
        {
            out += &format!("{k} = {v}\n");
        }
    }
    out
}

/// The language the player chose (or the system's) takes effect the frame it is chosen.
fn apply_language(settings: Res<Settings>, translations: Option<ResMut<Translations>>) {
    let Some(mut translations) = translations else {
        return;
    };
    let wanted = settings.language.unwrap_or(translations.system_language());
    if settings.is_changed() && translations.language() != wanted {
        translations.choose(settings.language);
    }
}

fn save_when_changed(
    mut settings: ResMut<Settings>,
    file: Option<ResMut<SettingsFile>>,
    mut failed: MessageWriter<StorageFailed>,
    mut failing: Local<bool>,
) {
    if settings.is_changed()
        && !settings.is_added()
        && let Some(mut file) = file
    {
        // Not a change of its own: what is saved below is the same either way.
        settings.bypass_change_detection().forget_changed_unread();
        match file.save(&settings) {
            Ok(()) => *failing = false,
            // The player hears of it once, not at every change.
            Err(why) if !std::mem::replace(&mut *failing, true) => {
                failed.write(StorageFailed::Settings(why));
            }
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The computer thinks on the cores the player allows, never on more than the machine
    /// has, and on all of them unless told otherwise.
    #[test]
    fn search_threads_follow_the_setting_within_the_machine() {
        let all = available_cores();
        assert_eq!(Settings::default().search_threads(), all);
        let one = Settings {
            computer_cores: Some(1),
            ..Settings::default()
        };
        assert_eq!(one.search_threads(), 1);
        let many = Settings {
            computer_cores: Some(all + 5),
            ..Settings::default()
        };
        assert_eq!(many.search_threads(), all);
    }

    #[test]
    fn a_byte_order_mark_does_not_hide_the_first_setting() {
        let (s, problems) = Settings::from_text("\u{feff}volume = 0.25\nmuted = true\n");
        assert_eq!((s.volume, s.muted), (0.25, true));
        assert!(problems.is_empty(), "{problems:?}");
        assert!(s.other_lines.is_empty(), "{:?}", s.other_lines);
    }

    #[test]
    fn text_round_trip_and_damage() {
        let s = Settings {
            volume: 0.25,
            muted: true,
            animation: AnimationSpeed::Fast,
            show_legal_moves: false,
            show_counts: false,
            colors: ColorScheme::Accessible,
            thinking_delay_ms: 1200,
            face_player: true,
            rumble: false,
            eval_bar: true,
            move_scores: true,
            language: Some(Language::Hungarian),
            players: [
                Profile {
                    name: "Anna".into(),
                    accent: Accent::Rose,
                },
                Profile {
                    name: "Béla = B".into(),
                    accent: Accent::Mint,
                },
            ],
            window_size: Some((1366, 700)),
            graphics: Some(Quality::Medium),
            computer_cores: Some(3),
            other_lines: vec!["# kept by hand".into(), "from_a_newer_build = 1".into()],
            unread_values: Vec::new(),
            new_game: Some(NewGameChoices {
                mode: PlayMode::TwoPlayers,
                human_side: Side::White,
                level: Level::Master,
                rules: Rules {
                    start: reversi_engine::StartPosition::Parallel,
                    scoring: reversi_engine::Scoring::FewestDiscs,
                    ..Rules::default()
                },
                size: BoardSize::Ten,
                games: 3,
            }),
        };
        assert_eq!(Settings::from_text(&s.to_text()).0, s);
        // Keys this build does not know, and comments, go back into the file as they were.
        let (newer, problems) =
            Settings::from_text("# mine\nvolume = 0.5\nsparkles = many\nmuted = maybe\n");
        assert_eq!(newer.other_lines, ["# mine", "sparkles = many"]);
        assert_eq!(problems.len(), 1, "only the bad value: {problems:?}");
        let again = newer.to_text();
        assert!(again.contains("\n# mine\nsparkles = many\n"), "{again}");
        // A known key's value this build cannot read stays in the file while the setting
        // is as it was read, and goes when the player sets it here.
        assert!(again.contains("\nmuted = maybe\n"), "{again}");
        assert!(!again.contains("muted = false"), "{again}");
        let set_here = Settings {
            muted: true,
            ..newer.clone()
        }
        .to_text();
        assert!(set_here.contains("\nmuted = true\n"), "{set_here}");
        assert!(!set_here.contains("maybe"), "{set_here}");
        // So does a newer build's choice of a setting this build leaves out by default.
        let (ja, problems) = Settings::from_text("language = ja\n");
        assert_eq!((ja.language, problems.len()), (None, 1));
        assert!(
            ja.to_text().ends_with("\nlanguage = ja\n"),
            "{}",
            ja.to_text()
        );
        let chosen = Settings {
            language: Some(Language::German),
            ..ja
        }
        .to_text();
        assert!(chosen.contains("\nlanguage = de\n"), "{chosen}");
        assert!(!chosen.contains("ja"), "{chosen}");
        // Changed here and changed back, the setting is this build's: the line is gone.
        let mut muted = newer.clone();
        muted.muted = true;
        muted.forget_changed_unread();
        muted.muted = false;
        let back = muted.to_text();
        assert!(
            back.contains("\nmuted = false\n") && !back.contains("maybe"),
            "{back}"
        );
        // A key read from one line keeps its value over another line it could not read,
        // before or after it: the game writes what it plays with.
        for text in [
            "muted = true\nmuted = maybe\n",
            "muted = maybe\nmuted = true\n",
        ] {
            let (both, _) = Settings::from_text(text);
            assert!(both.muted, "{text}");
            assert!(both.to_text().contains("\nmuted = true\n"), "{text}");
            assert!(both.unread_values.is_empty(), "{text}");
        }
        let (twice, _) = Settings::from_text("language = ja\nlanguage = de\ncomputer_cores = 2\n");
        assert_eq!(twice.language, Some(Language::German));
        assert_eq!(Settings::from_text(&twice.to_text()).0, twice);
        // A new-game line with any part missing or wrong is left out whole.
        for bad in [
            "mode=computer side=black level=5 board=8 rules=standard",
            "mode=computer side=black level=11 board=8 rules=standard games=1",
            "mode=computer side=black level=5 board=7 rules=standard games=1",
            "mode=robots side=black level=5 board=8 rules=standard games=1",
            "mode=computer side=black level=5 board=8 rules=sideways games=1",
            "mode=computer",
            "",
        ] {
            let (read, problems) = Settings::from_text(&format!("new_game = {bad}\n"));
            assert_eq!(read.new_game, None, "{bad}");
            assert_eq!(problems.len(), 1, "{bad}");
        }
        let (d, problems) = Settings::from_text(
            "volume = 7\ngarbage\nmuted = yes\n\u{0}\u{1}\nwindow = 10x10\nwindow = 1280 by 800\ngraphics = ultra\ncomputer_cores = 0\ncomputer_cores = many",
        );
        assert_eq!(
            Settings {
                unread_values: Vec::new(),
                ..d
            },
            Settings::default()
        );
        assert_eq!(problems.len(), 9);
        let (n, problems) = Settings::from_text("player2_name = \nplayer1_accent = teal\n");
        assert_eq!(n.players, Settings::default().players);
        assert_eq!(problems.len(), 1);
        // A longer pause than the menu offers (an older build took up to 10 s) is its longest,
        // so the menu's + never shortens it.
        let (slow, problems) = Settings::from_text("thinking_delay_ms = 10000\n");
        assert_eq!(slow.thinking_delay_ms, MAX_THINKING_DELAY_MS);
        assert!(problems.is_empty());
    }

    /// One byte that is not text (a damaged name) loses that character, not the others.
    #[test]
    fn a_damaged_byte_keeps_every_other_setting() {
        let dir = std::env::temp_dir().join(format!("reversi-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.txt");
        let mut bytes = b"volume = 0.25\nplayer1_name = An".to_vec();
        bytes.push(0xFF);
        bytes.extend_from_slice(b"a\nmuted = true\n");
        std::fs::write(&path, bytes).unwrap();
        let mut file = SettingsFile {
            place: Some(UserText::File(path)),
            unread: None,
            known: None,
        };
        let settings = file.load();
        let _ = std::fs::remove_dir_all(dir);
        assert_eq!(settings.volume, 0.25);
        assert!(settings.muted);
        assert_eq!(settings.players[0].name, "An\u{FFFD}a");
    }

    /// A file that cannot be read is not written over with the defaults: its settings would
    /// be lost. Saving says why instead (the player is told once).
    #[test]
    fn an_unreadable_file_is_left_as_it_is() {
        let dir = std::env::temp_dir().join(format!("reversi-unread-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // A folder where the file should be cannot be read as one.
        let folder = dir.join("settings.txt");
        std::fs::create_dir_all(&folder).unwrap();
        let mut file = SettingsFile {
            place: Some(UserText::File(folder)),
            unread: None,
            known: None,
        };
        assert_eq!(file.load(), Settings::default());
        assert!(file.unread.is_some(), "the failure is remembered");
        // A file whose first read failed (a passing error, say) keeps what it holds.
        let path = dir.join("kept.txt");
        std::fs::write(&path, "volume = 0.25\n").unwrap();
        let mut file = SettingsFile {
            place: Some(UserText::File(path.clone())),
            unread: file.unread,
            known: None,
        };
        assert!(file.save(&Settings::default()).is_err());
        let kept = std::fs::read_to_string(&path).unwrap();
        // Once it is gone there is nothing to lose: saving works again.
        std::fs::remove_file(&path).unwrap();
        let saved = file.save(&Settings::default());
        let _ = std::fs::remove_dir_all(dir);
        assert_eq!(kept, "volume = 0.25\n");
        assert_eq!(saved, Ok(()));
    }

    /// A file far larger than any settings is not read into memory, nor written over.
    #[test]
    fn a_huge_file_is_neither_read_nor_written_over() {
        let dir = std::env::temp_dir().join(format!("reversi-huge-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.txt");
        let huge = "volume = 0.25\n".repeat(40_000);
        std::fs::write(&path, &huge).unwrap();
        let mut file = SettingsFile {
            place: Some(UserText::File(path.clone())),
            unread: None,
            known: None,
        };
        assert_eq!(file.load(), Settings::default());
        assert!(matches!(file.unread, Some(StorageError::TooBig(_))));
        assert!(file.save(&Settings::default()).is_err());
        let kept = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_dir_all(dir);
        assert_eq!(kept, huge);
    }

    /// A window size is kept only where a window of it can be restored.
    #[test]
    fn only_usable_window_sizes_are_kept() {
        assert!(window_size_ok((1280, 800)));
        assert!(window_size_ok(WINDOW_MIN));
        // A minimised window reports 0 × 0; some systems a sliver of a title bar.
        for size in [(0, 0), (160, 28), (639, 800), (1280, 399), (20_000, 800)] {
            assert!(!window_size_ok(size), "{size:?}");
        }
        let (read, _) = Settings::from_text("window = 0x0\n");
        assert_eq!(read.window_size, None);
    }

    /// Two windows of the game share one settings file: each writes what it changed, not
    /// its whole view of the settings over what the other changed in between.
    #[test]
    fn two_windows_keep_each_others_changes() {
        let dir = std::env::temp_dir().join(format!("reversi-two-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.txt");
        std::fs::write(&path, "volume = 0.70\nlanguage = de\n# a comment\n").unwrap();
        let open = || SettingsFile {
            place: Some(UserText::File(path.clone())),
            unread: None,
            known: None,
        };
        let (mut first, mut second) = (open(), open());
        let (mut a, mut b) = (first.load(), second.load());
        assert_eq!(a.language, Some(Language::German));
        a.volume = 0.25;
        first.save(&a).unwrap();
        // The second window changes other settings: the language back to the system's (its
        // line goes) and the colours. The first window's volume stays.
        b.language = None;
        b.colors = ColorScheme::RedBlue;
        second.save(&b).unwrap();
        let (now, problems) = Settings::from_text(&std::fs::read_to_string(&path).unwrap());
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(now.volume, 0.25);
        assert_eq!(now.language, None);
        assert_eq!(now.colors, ColorScheme::RedBlue);
        assert_eq!(now.other_lines, vec!["# a comment".to_string()]);
        // A setting both change is the later change's; the first window's next save keeps
        // the second's colours and language.
        a.volume = 0.5;
        first.save(&a).unwrap();
        let now = Settings::from_text(&std::fs::read_to_string(&path).unwrap()).0;
        assert_eq!(now.volume, 0.5);
        assert_eq!(now.colors, ColorScheme::RedBlue);
        assert_eq!(now.language, None);
        // The second window saves again (it still holds volume 0.70): only its new change
        // is written, not its old view of what the first window changed.
        b.muted = true;
        second.save(&b).unwrap();
        // A setting set back to the value the file already has is still this window's
        // change: the first window mutes too, then unmutes; the file follows it.
        a.muted = true;
        first.save(&a).unwrap();
        a.muted = false;
        first.save(&a).unwrap();
        let now = Settings::from_text(&std::fs::read_to_string(&path).unwrap()).0;
        let _ = std::fs::remove_dir_all(dir);
        assert_eq!(now.volume, 0.5);
        assert!(!now.muted);
        assert_eq!(now.colors, ColorScheme::RedBlue);
        assert_eq!(now.language, None);
    }

    #[test]
    fn names_are_short_printable_lines() {
        assert_eq!(Profile::clean_name("  Anna\u{7}\n ", "x"), "Anna");
        assert_eq!(Profile::clean_name("\t", "Player 1"), "Player 1");
        assert_eq!(
            Profile::clean_name("abcdefghijklmnopqrstuvwxyz", "x")
                .chars()
                .count(),
            Profile::MAX_NAME
        );
    }
}
