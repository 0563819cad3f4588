// Their makeMove on the corpus cases "deadlock of two towers" (M8) and "pass chain of three" (M9),
// set up by hand. Each line is tagged with the rule it shows.
const out = process.argv[2];
const { makeMove } = require(out + '/engine/moveLogic');
const { createInitialGameState } = require(out + '/engine/gameState');
const C = require(out + '/constants/gameConstants');
const K = C.KamisadoColor, P = C.Player;
// ob1kyrgn/7G/p7/8/8/8/8/N1RYKPBO g p: row 0 is rank 8; their Player.Black is our Gold.
const board = Array.from({ length: 8 }, () => Array(8).fill(null));
const put = (row, col, color, player) => { board[row][col] = { color, player }; };
[[0, K.Orange], [1, K.Blue], [3, K.Pink], [4, K.Yellow], [5, K.Red], [6, K.Green], [7, K.Brown]].forEach(([c, k]) => put(0, c, k, P.Black));
put(2, 0, K.Purple, P.Black);                       // p on a6
put(1, 7, K.Green, P.White);                        // G on h7
[[0, K.Brown], [2, K.Red], [3, K.Yellow], [4, K.Pink], [5, K.Purple], [6, K.Blue], [7, K.Orange]].forEach(([c, k]) => put(7, c, k, P.White));
const state = { ...createInitialGameState(), board, turn: P.Black, activeColor: K.Purple };
const after = makeMove(state, { row: 2, col: 0 }, { row: 6, col: 4 });  // a6e2
console.log('M8: makeMove(a6e2).status = ' + after.status + ' (a deadlock: the mover, Gold, loses)');

// obpky1gn/NG1O4/8/5r2/8/8/8/2RYKPB1 g g, then g8c4: a chain of three passes, then a move.
const chain = Array.from({ length: 8 }, () => Array(8).fill(null));
const at = (row, col, color, player) => { chain[row][col] = { color, player }; };
[[0, K.Orange], [1, K.Blue], [2, K.Purple], [3, K.Pink], [4, K.Yellow], [6, K.Green], [7, K.Brown]].forEach(([c, k]) => at(0, c, k, P.Black));
[[0, K.Brown], [1, K.Green], [3, K.Orange]].forEach(([c, k]) => at(1, c, k, P.White));  // N G O on rank 7
at(3, 5, K.Red, P.Black);                                                                 // r on f5
[[2, K.Red], [3, K.Yellow], [4, K.Pink], [5, K.Purple], [6, K.Blue]].forEach(([c, k]) => at(7, c, k, P.White));
const chained = makeMove({ ...createInitialGameState(), board: chain, turn: P.Black, activeColor: K.Green }, { row: 0, col: 6 }, { row: 4, col: 2 });
console.log('M9: makeMove(g8c4).status = ' + chained.status + ' (rules.md plays the chain of passes out; the third tower can move)');
