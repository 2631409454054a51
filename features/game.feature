Feature: Game and players
  Tonk is a knock rummy for two or three players. A hand is won by getting rid
  of every card, or by holding the lowest total when the hand ends. Seats are
  numbered clockwise from 0, so the player to a seat's left is the next seat.
  Where a scenario names no hands, the deck is a new deck, unshuffled: clubs A
  to K, then diamonds, hearts and spades.

  Rule: GAME-1 Object of the game

    @GAME-1 @OUT-1 @id.game-win-by-shedding
    Scenario: A player who gets rid of every card wins the hand
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5h 6h 7h 9c 9d
      And seat 1 holds 2c 3c 4d Td Kd
      And the upcard is Ks
      And the stock starts with 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h, spread 9c 9d 9h
      Then the hand ends as tonk_out
      And the winner is seat 0
      And seat 0 has 0 cards

    @GAME-1 @PAY-KNOCK-2 @id.game-win-by-lowest-total
    Scenario: A player holding the lowest total when the hand ends wins it
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 4c 4d 5c 6d 6h
      And seat 1 holds Ac Ad 2c 2d 3c
      And seat 2 holds 8c 8d 9c 9d Tc
      And the upcard is Ks
      When seat 0 knocks
      Then the hand ends as knock_caught
      And the totals are 25, 9, 44
      And the winner is seat 1

  Rule: GAME-2 Two or three players

    @GAME-2 @id.game-player-count-allowed
    Scenario Outline: A hand for <players> players is dealt (max_players = <max_players>)
      Given a <players>-player hand dealt by seat 0
      And the ruleset has max_players = <max_players>
      When the hand is dealt
      Then seat 1 is to act
      And seat 1 has 5 cards
      And the stock holds <stock> cards

      Examples:
        | players | max_players | stock |
        | 2       | 3           | 41    |
        | 3       | 3           | 36    |
        | 4       | 4           | 31    |

    @GAME-2 @id.game-player-count-refused
    Scenario Outline: A hand for <players> players is refused (max_players = <max_players>)
      Given a <players>-player hand dealt by seat 0
      And the ruleset has max_players = <max_players>
      When the hand is dealt
      Then the deal is refused

      Examples:
        | players | max_players |
        | 1       | 3           |
        | 4       | 3           |
        | 5       | 4           |

  Rule: GAME-3 Seats

    @GAME-3 @TURN-1 @id.game-seats-clockwise
    Scenario: Turns pass to the next seat and wrap around from the last seat to seat 0
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 4c 4d 5c 6d 6h
      And seat 1 holds Ac Ad 2c 2d 3c
      And seat 2 holds 8c 8d 9c 9d Tc
      And the upcard is Ks
      And the stock starts with 2h 3h 4h
      When seat 0 plays: draw stock, discard 2h
      Then seat 1 is to act
      When seat 1 plays: draw stock, discard 3h
      Then seat 2 is to act
      When seat 2 plays: draw stock, discard 4h
      Then seat 0 is to act
      And the turn stage is start
