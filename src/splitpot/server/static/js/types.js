// @ts-check
// The shapes of what the server sends (docs/web.md, "The protocol"), as JSDoc types for the type
// check only: no module imports this file at run time, only its types (`import("./types.js")`).

/**
 * @typedef {{ verb: string, min: number | null, max: number | null, choices: number[],
 *   cards: string[], declarations: string[] }} Option
 * @typedef {{ seat: number, stack: number, bet: number, paid: number, folded: boolean,
 *   shown: boolean, down: (string | null)[], up: (string | null)[], declared: boolean,
 *   declaration: string | null, has_bid: boolean, bid: number | null }} SeatView
 * @typedef {{ seat: number, amount: number, half: string | null, reason: string,
 *   cards?: { high?: (string | null)[], low?: (string | null)[] } }} Award
 * @typedef {{ seat: number, reason: string, beaten_by: number[] }} Forfeit
 * @typedef {{ cards: (string | null)[], seller: number | null, ask: number | null,
 *   high_bid: number | null, high_bidder: number }} Offer
 * @typedef {{ game: string, seat: number | null, seats: SeatView[], common: (string | null)[],
 *   pot: number, street: number, to_act: number[], options: Option[], finished: boolean,
 *   awards: Award[], forfeits?: Forfeit[], log: string[], offer: Offer | null,
 *   step: string }} View
 * @typedef {{ seat: number, name: string, bot: string | null }} Player
 * @typedef {{ number: number, players: Player[], starting: number[], you: number | null,
 *   view: View, timers: Record<string, number>, banks?: Record<string, number>,
 *   commitment?: string, scheme?: string,
 *   entropy: (string | null)[], seed?: string, secret?: string }} Hand
 * @typedef {{ seat: number, kind: "open" | "human" | "bot", name: string, bot: string | null,
 *   stack: number, sitting_out: boolean, connected: boolean }} SeatInfo
 * @typedef {{ approve_seats: boolean, odds: boolean, max_buy: number | null,
 *   chip_value: string | null, time_bank?: number }} TableOptions
 * @typedef {{ code: string, game: string, title: string, house: Record<string, unknown>,
 *   stakes: { ante: number, bring_in: number, small_bet: number, big_bet: number },
 *   sealed: { sale: boolean, declare: boolean }, stack: number, timer: number, hands: number,
 *   started: boolean, host: number | null, hosted: boolean, paused: boolean,
 *   storage: string | null, options: TableOptions, max_buy: number, seats: SeatInfo[],
 *   deal: { number: number, commitment: string } | null }} TableInfo
 * @typedef {{ seat: number, name: string, sitting_out: boolean, host: boolean, odds: boolean }} You
 */

/**
 * The page's vocabulary, sent by the server (src/splitpot/server/words.py): a phrase may hold
 * {cards}, {amount} or {declaration}; the variant "" is the plain one.
 * @typedef {{ meaning: string, dealer: boolean, betting: boolean, amount: boolean,
 *   card: boolean, sealed: string, log: Record<string, string>,
 *   buttons: Record<string, string> }} VerbWords
 * @typedef {{ verbs: Record<string, VerbWords>, steps: Record<string, string>,
 *   declarations: Record<string, string>, you: Record<string, string> }} Words
 */

/**
 * The messages a connection receives.
 * @typedef {{ type: "state", table: TableInfo, you: You | null, acks: number,
 *   hand: Hand | null, next_in?: number, request?: { id: number, status: string },
 *   host?: { requests: { id: number, name: string }[] }, words?: Words }} Snapshot
 * @typedef {{ type: "error", message: string, reason: string, rule: string,
 *   acks: number }} ErrorMessage
 * @typedef {{ id: number, room: string, name: string | null, text: string,
 *   at: string | null }} ChatLine
 * @typedef {{ type: "chat", messages: ChatLine[], acks?: undefined }} ChatMessage
 * @typedef {{ value: number, error: number }} Chance
 * @typedef {{ best: string, choices: Record<string, Chance>, model: string }} Advice
 * @typedef {{ type: "odds", hand: number, at: number, none?: string, exact: boolean,
 *   outcomes: number, high: Chance, low: Chance, scoop: Chance, share: Chance,
 *   advice: Advice | null, before_buys?: boolean, buy?: BuyOption[] | null,
 *   acks?: undefined }} OddsMessage
 * @typedef {{ card: string | null, share: Chance, worth: number | null,
 *   pays_from: number | null }} BuyOption
 * @typedef {{ type: "pong", acks?: undefined }} PongMessage
 * @typedef {Snapshot | ErrorMessage | ChatMessage | OddsMessage | PongMessage} Message
 * @typedef {{ message: string, rule?: string }} Problem
 */

/**
 * What the lobby's HTTP API answers.
 * @typedef {{ name: string, kind: string, default: unknown, explanation: string,
 *   choices: (string | number)[], labels: string[], minimum: number,
 *   none_means: string | null }} Rule
 * @typedef {{ name: string, title: string, min_players: number, max_players: number,
 *   stack: number, stakes: Rule[], house: Rule[] }} Game
 * @typedef {{ games: Game[], bots: string[], timer: number }} Catalogue
 * @typedef {{ player: string, bought: number, cashed: number, on_table: number,
 *   balance: number, money: string | null, bot: boolean, settles: number | null }} LedgerRow
 * @typedef {{ payer: string, payee: string, chips: number, money: string | null }} Transfer
 * @typedef {{ chip_value: string | null, hands: number, players: LedgerRow[],
 *   transfers: Transfer[], exact: boolean, house: number }} Ledger
 * @typedef {{ number: number, void: string | null, over: boolean, players: string[],
 *   net: number[] }} PastHand
 * @typedef {{ card: string | null, up: boolean }} ReplayCard
 * @typedef {{ seat: number, stack: number, bet: number, folded: boolean,
 *   cards: ReplayCard[] }} ReplaySeat
 * @typedef {{ street: number, upto: number, pot: number, common: (string | null)[],
 *   seats: ReplaySeat[], awards?: Award[], forfeits?: Forfeit[] }} Frame
 * @typedef {{ number: number, players: Player[], starting: number[], you: number | null,
 *   log: string[], frames: Frame[] }} Replay
 */

export {};
