Feature: Dealer
  To choose the first dealer each player receives one card and the highest card
  deals: king high, ace low, suits equal. Players tied for highest receive
  another card each, and only they cut again. After each hand the deal passes
  to the dealer's left, after a dealt draw too. A player who joins sits at the
  dealer's right, and so is the last to deal.

  These scenarios use the engine's match requests (cut, next_dealer, join); an
  engine that does not declare the "match" feature skips them.

  Rule: DEALER-1 Cutting for the first deal

    @DEALER-1 @id.dealer-cut-high-card
    Scenario Outline: The players cut <cards>: seat <dealer> deals
      Given a <players>-player game
      When the players cut <cards>
      Then seat <dealer> deals first
      And the cut takes <rounds> rounds

      Examples: cards are given to seat 0, 1, 2 in turn, then to the tied seats only
        | cards             | players | dealer | rounds |
        | Kc 5d 2h          | 3       | 0      | 1      |
        | 5d Kc 2h          | 3       | 1      | 1      |
        | 2h 5d Kc          | 3       | 2      | 1      |
        | Ac 2d 3h          | 3       | 2      | 1      |
        | Ac Kd             | 2       | 1      | 1      |
        | Kc Kd 2h 5s 9c    | 3       | 1      | 2      |
        | 9c 9s 9d 4c Th 2h | 3       | 1      | 2      |

    @DEALER-1 @id.dealer-cut-low-card
    Scenario: Under first_dealer = low the lowest card deals
      Given a 3-player game
      And the ruleset has first_dealer = low
      When the players cut Kc 5d 2h
      Then seat 2 deals first

    @DEALER-1 @id.dealer-cut-needs-enough-cards
    Scenario: A cut that runs out of cards while players are still tied is refused
      Given a 3-player game
      When the players cut Kc Kd 2h
      Then the request is refused

    @DEALER-1 @id.dealer-cut-card-outside-the-pack
    Scenario: Under deck = 40 a cut naming a nine is refused: the cut is made from the pack
      Given a 3-player game
      And the ruleset has deck = 40
      When the players cut Kc 9c 2h
      Then the request is refused

    @DEALER-1 @id.dealer-cut-joker
    Scenario: Under jokers = 2 a cut naming a joker is refused: a joker has no rank to compare
      Given a 3-player game
      And the ruleset has jokers = 2
      When the players cut Kc X1 2h
      Then the request is refused

  Rule: DEALER-2 The deal passes left

    @DEALER-2 @id.dealer-passes-left
    Scenario Outline: At a <players>-player table, after a hand dealt by seat <dealer>, seat <next> deals
      Given a <players>-player game
      When a hand dealt by seat <dealer> ends as knock_won won by seat <winner>
      Then seat <next> deals next

      Examples:
        | dealer | players | winner | next |
        | 0      | 3       | 2      | 1    |
        | 1      | 3       | 0      | 2    |
        | 2      | 3       | 1      | 0    |
        | 1      | 2       | 1      | 0    |

    @DEALER-2 @id.dealer-winner-deals
    Scenario: Under next_dealer = winner the winner of the hand deals the next
      Given a 3-player game
      And the ruleset has next_dealer = winner
      When a hand dealt by seat 0 ends as out_by_discard won by seat 2
      Then seat 2 deals next

    @DEALER-2 @OUT-2 @id.dealer-passes-after-play
    Scenario: The deal passes left after a hand that was played out
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 5h 6h 7h 8h Kc
      And seat 1 holds 2c 3c 4d Td Qd
      And seat 2 holds 2d 3d 4c Jc Qc
      And the upcard is Ks
      And the stock starts with 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h 8h 9h, discard Kc
      And the deal passes after this hand
      Then seat 0 deals next

  Rule: DEALER-3 Joining player

    @DEALER-3 @id.dealer-join-at-dealers-right
    Scenario Outline: A player joins a 2-player table dealt by seat <dealer>
      Given a 2-player hand dealt by seat <dealer>
      When a new player joins the table
      Then the new player sits at seat <seat>
      And the table has 3 players
      And the dealer is now seat <dealer now>
      And the player from seat 1 moves to seat <seat 1 now>

      Examples:
        | dealer | seat | dealer now | seat 1 now |
        | 0      | 2    | 0          | 1          |
        | 1      | 1    | 2          | 2          |

    @DEALER-3 @GAME-2 @id.dealer-join-full-table
    Scenario: Nobody can join a full table
      Given a 3-player hand dealt by seat 2
      When a new player joins the table
      Then the request is refused

  Rule: DEALER-4 Dealer after a dealt draw

    @DEALER-4 @DEALT-2 @id.dealer-after-dealt-draw
    Scenario Outline: After a dealt draw in a hand dealt by seat 1, seat <next> deals (dealer_after_draw = <dealer_after_draw>)
      Given a 3-player hand dealt by seat 1
      And the ruleset has dealer_after_draw = <dealer_after_draw>
      And seat 0 holds 2c 3c 4d 5d 6h
      And seat 1 holds Kc Qd Jh Ts Td
      And seat 2 holds Kd Qc Jc Tc 9c
      And the upcard is 7s
      When the deal passes after this hand
      Then seat <next> deals next

      Examples:
        | dealer_after_draw | next |
        | next              | 2    |
        | same              | 1    |
