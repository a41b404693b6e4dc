//! The board's textures, made from noise at start-up: the game ships no image files (they would
//! add to the browser download and need a loader), and a few small generated images give the
//! wood its grain and the felt its fibre. Every pattern tiles, so a texture can repeat across
//! the board without a seam, and every image carries its own mipmaps so fine detail does not
//! shimmer when the camera is far away.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// An integer hash of a lattice point (and a seed), spread over `0.0..1.0`.
fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0x00ff_ffff) as f32 / 16_777_216.0
}

/// Smooth value noise in `0.0..1.0` whose lattice repeats every `period` cells along each
/// axis, so a texture sampling one period tiles seamlessly.
fn tiled_noise(x: f32, y: f32, period: (i32, i32), seed: u32) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let corner = |dx: i32, dy: i32| {
        let cx = (x0 as i32 + dx).rem_euclid(period.0);
        let cy = (y0 as i32 + dy).rem_euclid(period.1);
        hash(cx, cy, seed)
    };
    let top = corner(0, 0) + (corner(1, 0) - corner(0, 0)) * sx;
    let bottom = corner(0, 1) + (corner(1, 1) - corner(0, 1)) * sx;
    top + (bottom - top) * sy
}

/// Several octaves of [`tiled_noise`] over the unit square (`u`, `v` in `0..1`), starting at
/// `cells` lattice cells per side and doubling; the result stays in `0.0..1.0`.
fn fbm(u: f32, v: f32, cells: (i32, i32), octaves: u32, seed: u32) -> f32 {
    let (mut sum, mut weight, mut total) = (0.0, 1.0, 0.0);
    for o in 0..octaves {
        let (cx, cy) = (cells.0 << o, cells.1 << o);
        sum += weight * tiled_noise(u * cx as f32, v * cy as f32, (cx, cy), seed + o);
        total += weight;
        weight *= 0.5;
    }
    sum / total
}

/// A square-free RGBA8 picture: `width × height` pixels, row by row.
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<[u8; 4]>,
}

impl Picture {
    fn from_fn(width: u32, height: u32, f: impl Fn(f32, f32) -> [f32; 4]) -> Picture {
        let pixels = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| {
                let c = f(
                    (x as f32 + 0.5) / width as f32,
                    (y as f32 + 0.5) / height as f32,
                );
                c.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)
            })
            .collect();
        Picture {
            width,
            height,
            pixels,
        }
    }

    /// The picture at half the size (each pixel the mean of four), for the next mip level.
    fn halved(&self) -> Picture {
        let (w, h) = ((self.width / 2).max(1), (self.height / 2).max(1));
        let at = |x: u32, y: u32| {
            self.pixels[(y.min(self.height - 1) * self.width + x.min(self.width - 1)) as usize]
        };
        let pixels = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| {
                let quad = [
                    at(2 * x, 2 * y),
                    at(2 * x + 1, 2 * y),
                    at(2 * x, 2 * y + 1),
                    at(2 * x + 1, 2 * y + 1),
                ];
                std::array::from_fn(|c| {
                    ((quad.iter().map(|p| u32::from(p[c])).sum::<u32>() + 2) / 4) as u8
                })
            })
            .collect();
        Picture {
            width: w,
            height: h,
            pixels,
        }
    }

    /// A GPU image of the picture with a full mip chain, repeating in both directions.
    /// `srgb` for colours; plain linear for data such as normal maps.
    pub fn into_image(self, srgb: bool) -> Image {
        let (width, height) = (self.width, self.height);
        let mut data: Vec<u8> = self.pixels.iter().flatten().copied().collect();
        let mut level = self;
        let mut levels = 1;
        while level.width > 1 || level.height > 1 {
            level = level.halved();
            data.extend(level.pixels.iter().flatten());
            levels += 1;
        }
        let format = if srgb {
            TextureFormat::Rgba8UnormSrgb
        } else {
            TextureFormat::Rgba8Unorm
        };
        let size = Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        };
        let mut image = Image::new_fill(
            size,
            TextureDimension::D2,
            &[0, 0, 0, 0],
            format,
            RenderAssetUsages::RENDER_WORLD,
        );
        image.texture_descriptor.mip_level_count = levels;
        image.data = Some(data);
        image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
            address_mode_u: ImageAddressMode::Repeat,
            address_mode_v: ImageAddressMode::Repeat,
            mag_filter: ImageFilterMode::Linear,
            min_filter: ImageFilterMode::Linear,
            mipmap_filter: ImageFilterMode::Linear,
            anisotropy_clamp: 4,
            ..default()
        });
        image
    }
}

/// `a` blended towards `b` by `t` (0 gives `a`, 1 gives `b`).
pub fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    std::array::from_fn(|i| a[i] + (b[i] - a[i]) * t)
}

/// Wood seen along the plank: grain lines run along `u`, wavering with a slow noise, over
/// fine pores. `light` and `dark` are the early- and latewood colours (sRGB).
pub fn wood_grain(light: [f32; 3], dark: [f32; 3], seed: u32) -> Picture {
    Picture::from_fn(512, 128, |u, v| {
        let waver = fbm(u, v, (3, 2), 3, seed) - 0.5;
        let rings = ((v * 9.0 + waver * 2.2) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
        let late = rings.powf(3.0);
        let pores = fbm(u, v, (64, 96), 2, seed + 7);
        let streak = fbm(u, v, (2, 24), 2, seed + 13);
        let t = (0.75 * late + 0.35 * (streak - 0.5) + 0.25 * (pores - 0.5)).clamp(0.0, 1.0);
        let [r, g, b] = mix(light, dark, t);
        [r, g, b, 1.0]
    })
}

/// The felt's height field: short fibres in every direction (fine noise) over a gentle
/// mottling, tiling every unit.
fn felt_height(u: f32, v: f32, seed: u32) -> f32 {
    0.65 * fbm(u, v, (48, 48), 3, seed) + 0.35 * fbm(u, v, (6, 6), 2, seed + 5)
}

/// The felt's shading, multiplied into the cloth's colour: a slight mottle of lighter and
/// darker fibres (white at the brightest, so the material's colour is the lightest fibre).
pub fn felt_shade(seed: u32) -> Picture {
    Picture::from_fn(128, 128, |u, v| {
        let shade = 0.7 + 0.3 * felt_height(u, v, seed);
        [shade, shade, shade, 1.0]
    })
}

/// The felt's normal map (tangent space, +z out of the cloth) from the same height field.
pub fn felt_normals(seed: u32) -> Picture {
    const SIZE: u32 = 128;
    let step = 1.0 / SIZE as f32;
    Picture::from_fn(SIZE, SIZE, |u, v| {
        let dx = felt_height(u + step, v, seed) - felt_height(u - step, v, seed);
        let dy = felt_height(u, v + step, seed) - felt_height(u, v - step, seed);
        let n = Vec3::new(-dx * 6.0, -dy * 6.0, 1.0).normalize();
        [n.x * 0.5 + 0.5, n.y * 0.5 + 0.5, n.z * 0.5 + 0.5, 1.0]
    })
}

/// A table top of wide boards: a grain like the frame's with a seam every quarter. Its
/// colours are those the table shows unlit (the lowest preset); lit, its material darkens it
/// to about the same brightness under the lights.
pub fn table_top(seed: u32) -> Picture {
    let grain = wood_grain([0.48, 0.31, 0.2], [0.31, 0.19, 0.12], seed);
    Picture::from_fn(256, 256, |u, v| {
        // Four boards, each sampling the grain at another offset so they differ.
        let board = (v * 4.0).floor();
        let gv = (v * 4.0).fract();
        let gu = (u + board * 0.37).fract();
        let p = grain.pixels[((gv * 127.0) as u32 * 512 + (gu * 511.0) as u32) as usize];
        let seam = if (0.012..=0.988).contains(&gv) {
            1.0
        } else {
            0.45
        };
        [
            p[0] as f32 / 255.0 * seam,
            p[1] as f32 / 255.0 * seam,
            p[2] as f32 / 255.0 * seam,
            1.0,
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grey_spread(p: &Picture, x0: u32, y0: u32, side: u32) -> f32 {
        let greys: Vec<f32> = (y0..y0 + side)
            .flat_map(|y| (x0..x0 + side).map(move |x| (x, y)))
            .map(|(x, y)| {
                let c = p.pixels[(y * p.width + x) as usize];
                (c[0] as f32 + c[1] as f32 + c[2] as f32) / 3.0
            })
            .collect();
        let mean = greys.iter().sum::<f32>() / greys.len() as f32;
        (greys.iter().map(|g| (g - mean).powi(2)).sum::<f32>() / greys.len() as f32).sqrt()
    }

    #[test]
    fn noise_tiles_and_stays_in_range() {
        for i in 0..50 {
            let y = i as f32 * 0.173;
            // One period apart the noise is the same: textures repeat without a seam.
            let a = tiled_noise(0.3, y, (8, 8), 1);
            let b = tiled_noise(8.3, y + 8.0, (8, 8), 1);
            assert!((a - b).abs() < 1e-5);
            let f = fbm(i as f32 / 50.0, 0.5, (4, 4), 4, 3);
            assert!((0.0..=1.0).contains(&f));
        }
    }

    #[test]
    fn felt_and_wood_are_textured_not_flat() {
        // The measure the presentation issue used: a 24×24 patch of flat felt had a grey
        // spread of 0.3; a cloth should show its fibres.
        assert!(grey_spread(&felt_shade(1), 10, 10, 24) > 2.0);
        assert!(
            grey_spread(
                &wood_grain([0.5, 0.3, 0.15], [0.3, 0.15, 0.07], 2),
                0,
                0,
                24
            ) > 2.0
        );
        // And the pictures are made the same way on every run.
        assert_eq!(felt_normals(4).pixels, felt_normals(4).pixels);
    }

    #[test]
    fn images_carry_every_mip_level() {
        let image = felt_shade(1).into_image(true);
        assert_eq!(image.texture_descriptor.mip_level_count, 8);
        let bytes: usize = (0..8).map(|l| (128usize >> l).pow(2) * 4).sum();
        assert_eq!(image.data.as_ref().map(Vec::len), Some(bytes));
        let wood = wood_grain([0.5, 0.3, 0.15], [0.3, 0.15, 0.07], 2).into_image(true);
        // 512×128 halves to 1×1 in nine steps (the short side stays at 1 once reached).
        assert_eq!(wood.texture_descriptor.mip_level_count, 10);
    }
}
