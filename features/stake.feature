Feature: Stake
  A hand is played for a stake S, a positive whole number agreed before the
  deal. Every payment is an amount paid by one player to another, so the net
  results of a hand always sum to zero; an amount that is not a whole number is
  kept as an exact fraction, never rounded.

  Rule: STAKE-1 The stake

    @STAKE-1 @PAY-KNOCK-2 @id.stake-scales-payments
    Scenario Outline: A winning knock at a stake of <stake> collects <stake> from the other player
      Given a 2-player hand dealt by seat 1
      And the stake is <stake>
      And seat 0 holds Ac Ad 2c 2d 3c
      And seat 1 holds 4c 4d 5c 5d 6c
      And the upcard is 7s
      When seat 0 knocks
      Then the hand ends as knock_won
      And seat 1 pays seat 0 <stake>
      And the net result is <net>

      Examples:
        | stake | net      |
        | 1     | +1, -1   |
        | 2     | +2, -2   |
        | 25    | +25, -25 |

    @STAKE-1 @id.stake-must-be-positive
    Scenario Outline: A stake of <stake> is refused
      Given a 2-player hand dealt by seat 1
      And the stake is <stake>
      And seat 0 holds Ac Ad 2c 2d 3c
      And seat 1 holds 4c 4d 5c 5d 6c
      And the upcard is 7s
      When the hand is dealt
      Then the deal is refused

      Examples:
        | stake |
        | 0     |
        | -1    |

  Rule: STAKE-2 Payments are transfers

    @STAKE-2 @PAY-CAUGHT-2 @id.stake-transfers-sum-to-zero
    Scenario: Each payment goes from one player to another and the net results sum to zero
      Given a 3-player hand dealt by seat 2
      And the stake is 2
      And seat 0 holds Jc Jd Jh 3c 9c
      And seat 1 holds Qc Qd Qh 4c 5c
      And seat 2 holds Kc Kd Kh Ac 3d
      And the upcard is 7s
      And the stock starts with 8s 9s Ts
      When seat 0 plays: draw stock, spread Jc Jd Jh, discard 8s
      And seat 1 plays: draw stock, spread Qc Qd Qh, discard 9s
      And seat 2 plays: draw stock, spread Kc Kd Kh, discard Ts
      And seat 0 knocks
      Then the hand ends as knock_caught
      And the payments are
        | payer | payee | amount |
        | 0     | 1     | 4      |
        | 0     | 2     | 4      |
        | 0     | 2     | 2      |
        | 1     | 2     | 2      |
      And the net result is -10, +2, +8

    @STAKE-2 @PAY-STOCK-2 @id.stake-exact-fractions
    Scenario: A stake of 3 split between two tied players is paid as exact halves
      Given a 3-player hand dealt by seat 1
      And the stake is 3
      And the ruleset has stock_tie = split
      And seat 0 holds Jc Jd Jh 2c 4c
      And seat 1 holds Qc Qd Qh 2d 4d
      And seat 2 holds Kc Kd Kh 4h 5h
      And the upcard is 7s
      And the stock starts with 8s 9s Ts
      When seat 2 plays: draw stock, spread Kc Kd Kh, discard 8s
      And seat 0 plays: draw stock, spread Jc Jd Jh, discard 9s
      And seat 1 plays: draw stock, spread Qc Qd Qh, discard Ts
      And the players draw from the stock and discard the card drawn until the stock is empty
      And seat 2 draws from the stock
      Then the hand ends as stock_out
      And seat 2 pays seat 0 3/2
      And seat 2 pays seat 1 3/2
      And the net result is +3/2, +3/2, -3
