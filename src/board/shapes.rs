//! Meshes the primitives do not give. The disc's shape: each disc is two halves of one colour each, and a half is a short
//! cylinder whose outer face is rounded over at the rim, as real discs are. Light then runs
//! round the edge, and while a disc turns both colours show at its rim.

use std::f32::consts::{FRAC_PI_2, TAU};

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology, VertexAttributeValues};
use bevy::prelude::*;

/// Steps round the disc; enough that the rim reads round at the closest zoom.
const SEGMENTS: usize = 48;
/// Steps along the rounded rim.
const BEVEL_STEPS: usize = 5;

/// One half of a disc of `radius`, `height` tall, centred on the origin: the face at
/// `+height/2` rounded over with radius `bevel` into the side, the flat face at
/// `-height/2` being where the two halves meet.
pub fn half_disc(radius: f32, height: f32, bevel: f32) -> Mesh {
    let (top, bottom) = (height / 2.0, -height / 2.0);
    let bevel = bevel.min(height).min(radius);
    // The outline from the centre of the face out and down to the seam, as (distance from
    // the axis, height, outward normal in the same plane).
    let mut outline: Vec<(f32, f32, Vec2)> =
        vec![(0.0, top, Vec2::Y), (radius - bevel, top, Vec2::Y)];
    for i in 1..=BEVEL_STEPS {
        let a = FRAC_PI_2 * i as f32 / BEVEL_STEPS as f32;
        outline.push((
            radius - bevel + bevel * a.sin(),
            top - bevel + bevel * a.cos(),
            Vec2::new(a.sin(), a.cos()),
        ));
    }
    outline.push((radius, bottom, Vec2::X));
    // The seam's flat face, facing down, as its own ring so its normals stay sharp.
    let seam_start = outline.len();
    outline.push((radius, bottom, Vec2::NEG_Y));
    outline.push((0.0, bottom, Vec2::NEG_Y));

    let ring = SEGMENTS + 1;
    let mut positions = Vec::with_capacity(outline.len() * ring);
    let mut normals = Vec::with_capacity(outline.len() * ring);
    let mut uvs = Vec::with_capacity(outline.len() * ring);
    for (k, &(r, y, n)) in outline.iter().enumerate() {
        for j in 0..ring {
            let theta = TAU * j as f32 / SEGMENTS as f32;
            let (s, c) = theta.sin_cos();
            positions.push([r * c, y, r * s]);
            normals.push([n.x * c, n.y, n.x * s]);
            uvs.push([
                j as f32 / SEGMENTS as f32,
                k as f32 / (outline.len() - 1) as f32,
            ]);
        }
    }
    let mut indices = Vec::new();
    for k in 0..outline.len() - 1 {
        if k + 1 == seam_start {
            continue; // the rim's last ring and the seam's first share a place, not a face
        }
        for j in 0..SEGMENTS {
            let a = (k * ring + j) as u32;
            let b = a + ring as u32;
            // Wound counter-clockwise seen from outside (checked by the tests below).
            indices.extend([a, a + 1, b, a + 1, b + 1, b]);
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// `mesh` with a tangent on every vertex, taken from its triangle's texture directions.
/// Right for meshes made of flat faces whose vertices are not shared between faces (such as
/// Bevy's cuboid), which is all a normal-mapped tile needs, without the general tangent
/// generator's extra dependency.
pub fn with_face_tangents(mut mesh: Mesh) -> Mesh {
    let positions: Vec<Vec3> = match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
        Some(VertexAttributeValues::Float32x3(v)) => v.iter().map(|&p| p.into()).collect(),
        _ => return mesh,
    };
    let uvs: Vec<Vec2> = match mesh.attribute(Mesh::ATTRIBUTE_UV_0) {
        Some(VertexAttributeValues::Float32x2(v)) => v.iter().map(|&p| p.into()).collect(),
        _ => return mesh,
    };
    let normals: Vec<Vec3> = match mesh.attribute(Mesh::ATTRIBUTE_NORMAL) {
        Some(VertexAttributeValues::Float32x3(v)) => v.iter().map(|&p| p.into()).collect(),
        _ => return mesh,
    };
    let triangles: Vec<[usize; 3]> = match mesh.indices() {
        Some(indices) => indices
            .iter()
            .collect::<Vec<_>>()
            .chunks_exact(3)
            .map(|t| [t[0], t[1], t[2]])
            .collect(),
        None => return mesh,
    };
    let mut tangents = vec![[1.0, 0.0, 0.0, 1.0]; positions.len()];
    for [a, b, c] in triangles {
        let (e1, e2) = (positions[b] - positions[a], positions[c] - positions[a]);
        let (d1, d2) = (uvs[b] - uvs[a], uvs[c] - uvs[a]);
        let det = d1.x * d2.y - d2.x * d1.y;
        if det.abs() < 1e-12 {
            continue;
        }
        let tangent = ((e1 * d2.y - e2 * d1.y) / det).normalize_or_zero();
        let bitangent = (e2 * d1.x - e1 * d2.x) / det;
        for v in [a, b, c] {
            // The sign says whether texture v runs along normal × tangent or against it.
            let w = if normals[v].cross(tangent).dot(bitangent) < 0.0 {
                -1.0
            } else {
                1.0
            };
            tangents[v] = [tangent.x, tangent.y, tangent.z, w];
        }
    }
    mesh.insert_attribute(Mesh::ATTRIBUTE_TANGENT, tangents);
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attribute(mesh: &Mesh, id: bevy::mesh::MeshVertexAttribute) -> Vec<Vec3> {
        match mesh.attribute(id) {
            Some(VertexAttributeValues::Float32x3(v)) => v.iter().map(|&p| p.into()).collect(),
            _ => panic!("missing attribute"),
        }
    }

    #[test]
    fn faces_point_outwards_and_the_size_is_kept() {
        let mesh = half_disc(0.41, 0.06, 0.03);
        let positions = attribute(&mesh, Mesh::ATTRIBUTE_POSITION);
        let normals = attribute(&mesh, Mesh::ATTRIBUTE_NORMAL);
        let Some(Indices::U32(indices)) = mesh.indices() else {
            panic!("indexed mesh")
        };
        let mut faces = 0;
        for t in indices.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|i| t[i] as usize);
            let cross = (positions[b] - positions[a]).cross(positions[c] - positions[a]);
            if cross.length() < 1e-9 {
                continue; // the rings that meet at the axis
            }
            let normal = normals[a] + normals[b] + normals[c];
            assert!(cross.dot(normal) > 0.0, "triangle {t:?} faces inwards");
            faces += 1;
        }
        assert!(faces > SEGMENTS * 8);
        let (min, max) = positions
            .iter()
            .fold((Vec3::MAX, Vec3::MIN), |(lo, hi), p| {
                (lo.min(*p), hi.max(*p))
            });
        assert!((max.y - 0.03).abs() < 1e-6 && (min.y + 0.03).abs() < 1e-6);
        assert!((max.x - 0.41).abs() < 1e-4 && (min.z + 0.41).abs() < 1e-4);
        for n in normals {
            assert!((n.length() - 1.0).abs() < 1e-4);
        }
    }
    #[test]
    fn a_cuboid_top_gets_its_texture_directions() {
        let mesh = with_face_tangents(Cuboid::new(1.0, 0.1, 1.0).into());
        let Some(VertexAttributeValues::Float32x4(t)) = mesh.attribute(Mesh::ATTRIBUTE_TANGENT)
        else {
            panic!("tangents")
        };
        // Bevy's cuboid top (vertices 16..20): u runs along +x, v along +z.
        for tangent in &t[16..20] {
            assert_eq!(tangent[..3], [1.0, 0.0, 0.0]);
            // normal (+y) × tangent (+x) is -z, so v (+z) runs against it.
            assert_eq!(tangent[3], -1.0);
        }
    }
}
