from flask import Flask

app = Flask(__name__)
app.run(debug=True)  # expect: B201@15
app.run(host="127.0.0.1", debug="True")  # expect: B201
application.run(  # nosec B201
    debug=True,
)
app.run(
    port=5000,
    debug=True,  # expect: B201@11
)

app.run()
app.run(debug=False)
app.run(debug=settings.DEBUG)
app.run(debug=is_debug())
app.start(debug=True)
runner(debug=True)
