// The world's block registry, as the server sends it in Welcome.blocks
// (docs/protocol.md §9.7): what every block id is called and how it
// behaves. Everything that interprets block ids — the section decoder, the
// mesher, the physics, the HUD — reads it from a BlockTable, so the client
// draws and predicts the server's blocks, not a copy compiled in.
//
// blocks.gen.js, generated from the Go registry, is only the fallback: for
// a server that sends no registry (older than the field) and for the demo.

import { BLOCKS as BUILTIN } from "./blocks.gen.js";

/** BLOCK_NAMESPACE prefixes the built-in blocks' names on the wire ("strata:stone"). */
export const BLOCK_NAMESPACE = "strata";

/** The most ids a registry may hold: section cells are uint16. */
const MAX_BLOCKS = 0x10000;

/** Block names follow the plugin channel rule: namespace:name, a-z 0-9 _ - . / */
const NAME_RE = /^[a-z0-9_.\/-]+:[a-z0-9_.\/-]+$/;

/** BlockRegistryError: the server's registry cannot be used (a broken Welcome). */
export class BlockRegistryError extends Error {
  constructor(message) {
    super(message);
    this.name = "BlockRegistryError";
  }
}

/**
 * A block's description.
 * @typedef {{id:number, name:string, short:string, solid:boolean, transparent:boolean, liquid:boolean,
 *   replaceable:boolean, placeable:boolean, breakable:boolean, color:number}} Block
 */

/**
 * BlockTable indexes a registry by id and by name. Entry i has id i: the
 * server lists ids 0..n−1 in order, 0 being air.
 */
export class BlockTable {
  /**
   * @param {Block[]} blocks entry i with id i
   * @param {{fromServer?: boolean}} [opts]
   */
  constructor(blocks, { fromServer = false } = {}) {
    this.blocks = Object.freeze(blocks.map((b) => Object.freeze({ ...b })));
    this.count = this.blocks.length;
    this.fromServer = fromServer;
    this.byName = new Map(this.blocks.map((b) => [b.name, b.id]));
    /** Ids a player may place, in id order. */
    this.placeable = Object.freeze(this.blocks.filter((b) => b.placeable).map((b) => b.id));
  }

  /** get returns block id's description, or undefined for an id the registry lacks. */
  get(id) {
    return this.blocks[id];
  }

  /** id returns the id of a namespaced name ("strata:stone"); a bare name is taken in the built-in namespace. */
  id(name) {
    return this.byName.get(name.includes(":") ? name : `${BLOCK_NAMESPACE}:${name}`);
  }

  /** solid reports whether id stops a player; an id the registry lacks does, like unknown terrain. */
  solid(id) {
    return this.blocks[id]?.solid ?? true;
  }

  /** liquid reports whether id is a fluid (not a ray's target). */
  liquid(id) {
    return this.blocks[id]?.liquid ?? false;
  }

  /** replaceable reports whether a block may be placed where id is. */
  replaceable(id) {
    return this.blocks[id]?.replaceable ?? false;
  }

  /** name is a block's name for people: without the built-in namespace. */
  name(id) {
    return this.blocks[id]?.short ?? `#${id}`;
  }
}

function shortName(name) {
  const prefix = `${BLOCK_NAMESPACE}:`;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

/** builtinBlocks is the table compiled in (blocks.gen.js), under the namespaced names the server uses. */
export function builtinBlocks() {
  return new BlockTable(
    BUILTIN.map((b) => ({ ...b, name: `${BLOCK_NAMESPACE}:${b.name}`, short: b.name, breakable: b.id !== 0 && (b.placeable || b.liquid) })),
  );
}

/**
 * blocksFromWelcome builds the table of a Welcome's registry, or the
 * built-in one when it has none (an older server). A registry whose entry
 * i does not have id i, or whose names are malformed or repeated, throws a
 * BlockRegistryError: no block could be trusted to be what it says.
 * @param {{blocks?: Array<object>}} welcome
 */
export function blocksFromWelcome(welcome) {
  const list = welcome?.blocks ?? [];
  if (list.length === 0) return builtinBlocks();
  if (list.length > MAX_BLOCKS) throw new BlockRegistryError(`block registry of ${list.length} entries; ids must fit 16 bits`);
  const names = new Set();
  const blocks = list.map((b, i) => {
    const id = b.id ?? 0;
    if (id !== i) throw new BlockRegistryError(`block registry entry ${i} has id ${id}; ids must be 0..n−1 in order`);
    const name = b.name ?? "";
    if (!NAME_RE.test(name) || name.length > 64) throw new BlockRegistryError(`block ${id}: name ${JSON.stringify(name)} is not namespace:name`);
    if (names.has(name)) throw new BlockRegistryError(`block ${id}: name ${name} listed twice`);
    names.add(name);
    return {
      id,
      name,
      short: shortName(name),
      solid: !!b.solid,
      transparent: !!b.transparent,
      liquid: !!b.liquid,
      replaceable: !!b.replaceable,
      placeable: !!b.placeable,
      breakable: !!b.breakable,
      color: (b.color ?? 0) & 0xffffff,
    };
  });
  return new BlockTable(blocks, { fromServer: true });
}
