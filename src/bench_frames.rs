//! `reversi --bench-frames`: measures whether the AI ever holds up the frame loop. It records
//! frame times (Bevy's frame-time diagnostic) in two computer-vs-computer games played the
//! same way, with instant flips and a move about every second, so the boards fill alike:
//! first at the random level, whose search takes no time (idle), then at the strongest level
//! while it thinks. Prints the median idle frame, the 99th percentile while thinking and
//! their ratio, and exits. The player's settings file is left alone. `--quality=low` (or
//! `medium`, `high`) measures a graphics preset instead of the automatic one.

use bevy::diagnostic::{DiagnosticsStore, FrameTimeDiagnosticsPlugin};
use bevy::prelude::*;
use reversi_engine::search::Level;

use crate::ai::AiThinking;
use crate::graphics::Graphics;
use crate::records::SaveFile;
use crate::rules::{GameSetup, Match, NewGameRequest, Player};
use crate::settings::{AnimationSpeed, Quality, Settings, SettingsFile};
use crate::state::menu::Menu;

/// Adds the benchmark when the command line asks for it: `--bench-frames` samples 240 frames
/// in each phase, `--bench-frames=N` samples N (software renderers are slow: fewer is quicker).
pub fn plugin(app: &mut App) {
    // `args_os`: an argument that is not text is none of these (`args()` would panic).
    let args = || std::env::args_os().filter_map(|a| a.into_string().ok());
    let samples = args().find_map(|a| match a.strip_prefix("--bench-frames") {
        Some("") => Some(240),
        Some(n) => n.strip_prefix('=').and_then(|n| n.parse::<usize>().ok()),
        None => None,
    });
    let quality = args().find_map(|a| {
        let name = a.strip_prefix("--quality=")?.to_string();
        let quality = Quality::ALL.into_iter().find(|q| q.name() == name);
        if quality.is_none() {
            eprintln!("bench-frames: unknown --quality={name}; using the automatic preset");
        }
        quality
    });
    if let Some(samples) = samples {
        app.add_plugins(FrameTimeDiagnosticsPlugin::default())
            // The benchmark changes settings and plays games of its own: it must not save
            // them over the player's settings or saved game.
            .insert_resource(SettingsFile::none())
            .insert_resource(SaveFile::none())
            .insert_resource(Bench {
                samples: samples.max(10),
                quality,
                ..default()
            })
            .add_systems(Last, run_bench);
    }
}

const WARMUP_FRAMES: usize = 60;

/// The idle game's pace: about as often as the strongest level moves (1 s a move).
const IDLE_MOVE_MS: u32 = 1000;

fn computer_game(level: Level) -> NewGameRequest {
    NewGameRequest(GameSetup {
        players: [Player::Computer(level), Player::Computer(level)],
        ..GameSetup::two_players(Default::default())
    })
}

#[derive(Resource, Default)]
struct Bench {
    samples: usize,
    frame: usize,
    idle: Vec<f64>,
    thinking: Vec<f64>,
    phase: u8,
    quality: Option<Quality>,
}

fn percentile(values: &mut [f64], p: f64) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    let i = ((values.len() as f64 - 1.0) * p).round() as usize;
    values.get(i).copied().unwrap_or(f64::NAN)
}

fn run_bench(
    mut bench: ResMut<Bench>,
    diagnostics: Res<DiagnosticsStore>,
    ai: Res<AiThinking>,
    state: Res<Match>,
    mut settings: ResMut<Settings>,
    graphics: Res<Graphics>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut new_game: MessageWriter<NewGameRequest>,
    mut exit: MessageWriter<AppExit>,
) {
    bench.frame += 1;
    let frame_ms = diagnostics
        .get(&FrameTimeDiagnosticsPlugin::FRAME_TIME)
        .and_then(|d| d.value())
        .unwrap_or(f64::NAN);
    if bench.frame.is_multiple_of(60) {
        eprintln!("bench-frames: frame {}, last {frame_ms:.1} ms", bench.frame);
    }
    // A finished game is replaced, so neither phase measures a full, static board for long.
    let over = state.game.current().is_over();
    let top = *Level::ALL.last().expect("levels exist");
    match bench.phase {
        0 => {
            next_menu.set(Menu::None);
            settings.animation = AnimationSpeed::Instant;
            settings.thinking_delay_ms = IDLE_MOVE_MS;
            settings.graphics = bench.quality;
            new_game.write(computer_game(Level::Random));
            bench.phase = 1;
        }
        1 if over => {
            new_game.write(computer_game(Level::Random));
        }
        1 if bench.frame > WARMUP_FRAMES => {
            bench.idle.push(frame_ms);
            if bench.idle.len() >= bench.samples {
                settings.thinking_delay_ms = 0;
                new_game.write(computer_game(top));
                bench.phase = 2;
            }
        }
        2 if over => {
            new_game.write(computer_game(top));
        }
        2 if ai.active => {
            bench.thinking.push(frame_ms);
            if bench.thinking.len() >= bench.samples {
                let idle_median = percentile(&mut bench.idle.clone(), 0.5);
                // The renderer's own spread, for reading the ratio: under a software renderer
                // idle frames already vary by tens of percent.
                let idle_p99 = percentile(&mut bench.idle.clone(), 0.99);
                let thinking_p99 = percentile(&mut bench.thinking.clone(), 0.99);
                let thinking_median = percentile(&mut bench.thinking.clone(), 0.5);
                println!(
                    "bench-frames: graphics {}; idle median {idle_median:.2} ms, p99 {idle_p99:.2} ms over {} frames; while the AI thinks: median {thinking_median:.2} ms, p99 {thinking_p99:.2} ms over {} frames; p99/idle-median = {:.2}",
                    graphics.quality(settings.graphics).name(),
                    bench.idle.len(),
                    bench.thinking.len(),
                    thinking_p99 / idle_median
                );
                exit.write(AppExit::Success);
            }
        }
        _ => {}
    }
}
