"""Profile pages of a FastAPI app rendered by Jinja2Templates: the template writes the bio with
|safe and escapes the name, so which context key holds the input decides."""

from fastapi import FastAPI, Request
from fastapi.templating import Jinja2Templates
from starlette.templating import Jinja2Templates as StarletteTemplates

app = FastAPI()
templates = Jinja2Templates(directory="templates")
legacy = StarletteTemplates(directory="templates")


@app.get("/profile")
def profile(request: Request, bio: str):
    return templates.TemplateResponse(request, "profile.html", {"bio": bio})  # expect: SB079:HIGH<14


@app.get("/profile-named")
def profile_named(request: Request, name: str):
    return templates.TemplateResponse(request, "profile.html", {"name": name})


@app.get("/profile-keywords")
def profile_keywords(request: Request, bio: str):
    return templates.TemplateResponse(  # expect: SB079:HIGH<24
        request=request, name="profile.html", context={"bio": bio}
    )


@app.get("/profile-legacy")
def profile_legacy(request: Request, bio: str):
    # Starlette's older order: the template's name first, the request inside the context
    return legacy.TemplateResponse("profile.html", {"request": request, "bio": bio})  # expect: SB079:HIGH<31


@app.get("/profile-legacy-named")
def profile_legacy_named(request: Request, name: str):
    return legacy.TemplateResponse("profile.html", {"request": request, "name": name})
