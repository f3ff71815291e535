import ast

value = eval(user_text)  # expect: B307
total = eval(  # expect: B307
    "1 + 2"
)
safe = ast.literal_eval(user_text)
sandbox.eval(user_text)  # someone else's eval method
evaluate(user_text)
