import builtins

exec("print(1)")  # expect: B102
exec(  # expect: B102
    compile(source, "<string>", "exec")
)
builtins.exec("x = 1")

runner.exec("safe")  # a method named exec is not the built-in
executor = "exec"
