// The reference endgame file (../shared/data/ffo.txt) as the web tests use it: each
// position's board in the AI worker's request words (bit = row × 8 + column, the side to
// move first), its empties, its best moves and every move's exact score.
import { readFileSync } from 'node:fs';

// The 8×8 start, Black to move, in the same words.
export const START = 'player=0000000810000000 opponent=0000001008000000';

const hex = (n) => n.toString(16).padStart(16, '0');

// Every position of the file: { id, empties, board, best: [moves], scores: { move: score } }.
export function readFfo(path) {
  return readFileSync(path, 'utf8').split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [id, board, side, empties, , best, ...scored] = line.trim().split(/\s+/);
      let player = 0n;
      let opponent = 0n;
      for (let i = 0; i < 64; i++) {
        if (board[i] === side) player |= 1n << BigInt(i);
        else if (board[i] !== '-') opponent |= 1n << BigInt(i);
      }
      return { id: Number(id), empties: Number(empties),
        board: `player=${hex(player)} opponent=${hex(opponent)}`,
        best: best.split(','), scores: Object.fromEntries(scored.map((m) => m.split(':'))) };
    });
}
